#!/usr/bin/env node
// Release helper for the @acme/ui package.
//
//   node scripts/release.js patch|minor|major [--dry-run]
//
// Bumps package.json, moves the "Unreleased" changelog section under the new
// version, commits, tags, pushes, and runs `npm publish` against the registry
// configured in the project's .npmrc (auth comes from NODE_AUTH_TOKEN).
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PKG = path.join(ROOT, 'package.json');
const CHANGELOG = path.join(ROOT, 'CHANGELOG.md');

const [, , part, ...flags] = process.argv;
const dryRun = flags.includes('--dry-run');

function git(...args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function run(cmd, args) {
  console.log(`+ ${cmd} ${args.join(' ')}`);
  if (dryRun && ['push', 'publish', 'tag', 'commit'].includes(args[0])) return;
  execFileSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
}

function bump(version, kind) {
  const [major, minor, patch] = version.split('-')[0].split('.').map(Number);
  switch (kind) {
    case 'major': return `${major + 1}.0.0`;
    case 'minor': return `${major}.${minor + 1}.0`;
    case 'patch': return `${major}.${minor}.${patch + 1}`;
    default: throw new Error(`unknown bump "${kind}"`);
  }
}

function preflight() {
  if (git('status', '--porcelain')) throw new Error('working tree is dirty');
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  if (branch !== 'main') throw new Error(`must release from main (on ${branch})`);
  git('fetch', 'origin', 'main');
  if (git('rev-parse', 'HEAD') !== git('rev-parse', 'origin/main')) {
    throw new Error('local main differs from origin/main');
  }
  if (!process.env.NODE_AUTH_TOKEN && !dryRun) {
    throw new Error('NODE_AUTH_TOKEN is required for npm publish');
  }
}

function updateChangelog(version) {
  const text = fs.readFileSync(CHANGELOG, 'utf8');
  const marker = '## [Unreleased]';
  if (!text.includes(marker)) throw new Error('CHANGELOG.md lacks an [Unreleased] section');
  const date = new Date().toISOString().slice(0, 10);
  fs.writeFileSync(CHANGELOG, text.replace(marker, `${marker}\n\n## [${version}] - ${date}`));
}

function main() {
  if (!['patch', 'minor', 'major'].includes(part)) {
    console.error('usage: release.js patch|minor|major [--dry-run]');
    process.exit(2);
  }
  preflight();
  const pkg = JSON.parse(fs.readFileSync(PKG, 'utf8'));
  const next = bump(pkg.version, part);
  console.log(`${pkg.name}: ${pkg.version} -> ${next}${dryRun ? ' (dry run)' : ''}`);

  run('npm', ['test', '--', '--run']);
  run('npm', ['run', 'build']);

  pkg.version = next;
  fs.writeFileSync(PKG, `${JSON.stringify(pkg, null, 2)}\n`);
  updateChangelog(next);

  run('git', ['commit', '-am', `chore(release): v${next}`]);
  run('git', ['tag', '-a', `v${next}`, '-m', `v${next}`]);
  run('git', ['push', '--follow-tags', 'origin', 'main']);
  run('npm', ['publish', '--access', 'public', ...(dryRun ? ['--dry-run'] : [])]);
  console.log('released');
}

try {
  main();
} catch (err) {
  console.error(`release failed: ${err.message}`);
  process.exit(1);
}
