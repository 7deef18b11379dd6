#!/usr/bin/env node
// Publish helper: bump version in package.json, commit, tag, and push the
// current branch and the tag to origin. Uses execFileSync with argument
// arrays, so no shell parsing is involved.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');

const KINDS = ['major', 'minor', 'patch'];

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
}

function bump(version, kind) {
  const [maj, min, pat] = version.split('-')[0].split('.').map(Number);
  if ([maj, min, pat].some(Number.isNaN)) throw new Error(`cannot parse version ${version}`);
  if (kind === 'major') return `${maj + 1}.0.0`;
  if (kind === 'minor') return `${maj}.${min + 1}.0`;
  return `${maj}.${min}.${pat + 1}`;
}

function preflight() {
  const dirty = git('status', '--porcelain');
  if (dirty) throw new Error('working tree not clean:\n' + dirty);
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  if (branch === 'HEAD') throw new Error('detached HEAD');
  git('fetch', '--quiet', 'origin', branch);
  const behind = Number(git('rev-list', '--count', `HEAD..origin/${branch}`));
  if (behind > 0) throw new Error(`${branch} is ${behind} commit(s) behind origin`);
  return branch;
}

function writeVersion(next) {
  const raw = fs.readFileSync('package.json', 'utf8');
  const indent = raw.match(/^(\s+)"/m)?.[1] ?? '  ';
  const pkg = JSON.parse(raw);
  pkg.version = next;
  fs.writeFileSync('package.json', JSON.stringify(pkg, null, indent) + '\n');
  if (fs.existsSync('package-lock.json')) {
    const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
    lock.version = next;
    if (lock.packages?.['']) lock.packages[''].version = next;
    fs.writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
  }
}

function main() {
  const kind = process.argv[2];
  const push = !process.argv.includes('--no-push');
  if (!KINDS.includes(kind)) {
    console.error(`usage: release.js <${KINDS.join('|')}> [--no-push]`);
    process.exit(2);
  }
  const branch = preflight();
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  const next = bump(pkg.version, kind);
  const tag = `v${next}`;
  writeVersion(next);
  const files = ['package.json'];
  if (fs.existsSync('package-lock.json')) files.push('package-lock.json');
  git('add', ...files);
  git('commit', '-m', `release: ${tag}`);
  git('tag', '-a', tag, '-m', `${pkg.name} ${tag}`);
  console.log(`${pkg.version} -> ${next} on ${branch}`);
  if (!push) {
    console.log('not pushing (--no-push)');
    return;
  }
  git('push', 'origin', branch);
  git('push', 'origin', tag);
  console.log(`pushed ${branch} and ${tag} to origin`);
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
