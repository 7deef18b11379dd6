#!/usr/bin/env node
// scripts/release.js - bump version, build, tag and publish the widget package.
//   node scripts/release.js patch|minor|major [--dry-run] [--tag next]
'use strict';

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const PKG = path.join(ROOT, 'package.json');
const DIST = path.join(ROOT, 'dist');

function parseArgs(argv) {
  const opts = { part: null, dryRun: false, tag: 'latest' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dry-run') opts.dryRun = true;
    else if (a === '--tag') opts.tag = argv[++i];
    else if (['patch', 'minor', 'major'].includes(a)) opts.part = a;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!opts.part) throw new Error('usage: release.js patch|minor|major');
  return opts;
}

function sh(cmd, args, { capture = false, dryRun = false } = {}) {
  console.log('+', cmd, args.join(' '));
  if (dryRun) return '';
  const out = execFileSync(cmd, args, {
    cwd: ROOT,
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
  });
  return capture ? out.trim() : '';
}

function bump(version, part) {
  const [maj, min, pat] = version.split('.').map(Number);
  if (part === 'major') return `${maj + 1}.0.0`;
  if (part === 'minor') return `${maj}.${min + 1}.0`;
  return `${maj}.${min}.${pat + 1}`;
}

function assertClean() {
  const status = sh('git', ['status', '--porcelain'], { capture: true });
  if (status) throw new Error('working tree not clean');
  const branch = sh('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { capture: true });
  if (branch !== 'main') throw new Error(`release from main, not ${branch}`);
}

function cleanDist() {
  const rel = path.relative(ROOT, DIST);
  if (rel.startsWith('..') || path.isAbsolute(rel) || rel === '') {
    throw new Error(`refusing to delete ${DIST}`);
  }
  fs.rmSync(DIST, { recursive: true, force: true });
}

function writeVersion(pkg, version, dryRun) {
  pkg.version = version;
  if (!dryRun) fs.writeFileSync(PKG, JSON.stringify(pkg, null, 2) + '\n');
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const pkg = JSON.parse(fs.readFileSync(PKG, 'utf8'));
  assertClean();
  const next = bump(pkg.version, opts.part);
  console.log(`${pkg.name}: ${pkg.version} -> ${next}`);

  writeVersion(pkg, next, opts.dryRun);
  if (!opts.dryRun) cleanDist();
  sh('npm', ['run', 'build'], opts);
  sh('npm', ['test', '--', '--run'], opts);
  sh('git', ['commit', '-am', `release: v${next}`], opts);
  sh('git', ['tag', '-a', `v${next}`, '-m', `v${next}`], opts);
  sh('git', ['push', 'origin', 'main', '--follow-tags'], opts);
  sh('npm', ['publish', '--access', 'public', '--tag', opts.tag], opts);
  console.log(opts.dryRun ? 'dry run complete' : `published ${pkg.name}@${next}`);
}

try {
  main();
} catch (err) {
  console.error(`release failed: ${err.message}`);
  process.exit(1);
}
