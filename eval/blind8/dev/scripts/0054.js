#!/usr/bin/env node
// Publish changed workspace packages to npm and push release tags.
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const dryRun = process.argv.includes('--dry-run');

function run(cmd, args, opts = {}) {
  console.log('$', cmd, args.join(' '));
  if (dryRun && opts.mutates) return '';
  return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...opts });
}

function ensureClean() {
  const status = run('git', ['status', '--porcelain']);
  if (status.trim()) throw new Error('working tree not clean');
  const branch = run('git', ['rev-parse', '--abbrev-ref', 'HEAD']).trim();
  if (branch !== 'main') throw new Error(`on ${branch}, expected main`);
}

function packages() {
  return fs
    .readdirSync('packages')
    .map((d) => path.join('packages', d))
    .filter((d) => fs.existsSync(path.join(d, 'package.json')))
    .map((dir) => ({ dir, pkg: JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) }))
    .filter(({ pkg }) => !pkg.private);
}

function tagExists(tag) {
  try {
    run('git', ['rev-parse', '-q', '--verify', `refs/tags/${tag}`]);
    return true;
  } catch {
    return false;
  }
}

function main() {
  if (!process.env.NPM_TOKEN) console.warn('NPM_TOKEN not set; relying on ~/.npmrc login');
  ensureClean();
  const tags = [];
  for (const { dir, pkg } of packages()) {
    const tag = `${pkg.name}@${pkg.version}`;
    if (tagExists(tag)) continue;
    run('pnpm', ['publish', '--access', 'public', '--no-git-checks'], { cwd: dir, mutates: true });
    run('git', ['tag', '-a', tag, '-m', tag], { mutates: true });
    tags.push(tag);
  }
  if (tags.length) run('git', ['push', 'origin', ...tags], { mutates: true });
  console.log(tags.length ? `published ${tags.join(', ')}` : 'nothing to publish');
}

try {
  main();
} catch (e) {
  console.error('release failed:', e.message);
  process.exit(1);
}
