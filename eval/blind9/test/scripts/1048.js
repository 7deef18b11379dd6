#!/usr/bin/env node
// Version all changed workspace packages together, then tag and push.
//
//   node tools/version-packages.js minor [--no-push]
//
// A package counts as changed when `git diff --quiet <last tag> -- <dir>` fails.
// Internal dependency ranges are bumped too. Uses execFileSync with argument
// arrays only; publishing happens in CI when the tags arrive.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const level = process.argv[2];
const push = !process.argv.includes('--no-push');

const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', ...opts }).trim();

function lastTag() {
  try {
    return run('git', ['describe', '--tags', '--abbrev=0', '--match', 'release-*']);
  } catch {
    return run('git', ['rev-list', '--max-parents=0', 'HEAD']);
  }
}

function changed(dir, since) {
  try {
    run('git', ['diff', '--quiet', since, 'HEAD', '--', dir]);
    return false;
  } catch {
    return true;
  }
}

function incr(version, kind) {
  const [ma, mi, pa] = version.split('.').map((x) => parseInt(x, 10));
  if (kind === 'major') return `${ma + 1}.0.0`;
  if (kind === 'minor') return `${ma}.${mi + 1}.0`;
  return `${ma}.${mi}.${pa + 1}`;
}

function loadWorkspace() {
  const base = path.join(ROOT, 'packages');
  return fs.readdirSync(base)
    .map((d) => path.join(base, d))
    .filter((d) => fs.existsSync(path.join(d, 'package.json')))
    .map((dir) => ({ dir, file: path.join(dir, 'package.json'), json: JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) }));
}

function main() {
  if (!['major', 'minor', 'patch'].includes(level)) {
    console.error('usage: version-packages.js major|minor|patch [--no-push]');
    return 2;
  }
  if (run('git', ['status', '--porcelain'])) {
    console.error('commit or stash your changes first');
    return 1;
  }
  const since = lastTag();
  const pkgs = loadWorkspace();
  const bumped = new Map();
  for (const p of pkgs) {
    if (p.json.private || !changed(path.relative(ROOT, p.dir), since)) continue;
    const next = incr(p.json.version, level);
    bumped.set(p.json.name, next);
    p.json.version = next;
  }
  if (bumped.size === 0) {
    console.log(`nothing changed since ${since}`);
    return 0;
  }
  for (const p of pkgs) {
    for (const field of ['dependencies', 'peerDependencies', 'devDependencies']) {
      for (const [dep, range] of Object.entries(p.json[field] ?? {})) {
        if (bumped.has(dep) && !range.startsWith('workspace:')) p.json[field][dep] = `^${bumped.get(dep)}`;
      }
    }
    fs.writeFileSync(p.file, `${JSON.stringify(p.json, null, 2)}\n`);
  }
  run('pnpm', ['install', '--lockfile-only'], { stdio: 'inherit' });
  const summary = [...bumped].map(([n, v]) => `${n}@${v}`);
  run('git', ['add', '-A', 'packages', 'pnpm-lock.yaml']);
  run('git', ['commit', '-m', `chore(release): ${summary.join(', ')}`]);
  const tag = `release-${new Date().toISOString().slice(0, 10)}-${level}`;
  run('git', ['tag', '-a', tag, '-m', summary.join('\n')]);
  if (push) run('git', ['push', '--follow-tags', 'origin', 'HEAD'], { stdio: 'inherit' });
  console.log(`bumped ${summary.join(', ')}; tagged ${tag}${push ? ' and pushed' : ''}`);
  return 0;
}

process.exitCode = main();
