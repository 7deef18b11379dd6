#!/usr/bin/env node
// Independent versioning for workspace packages: for each package whose
// files changed since its last tag, bump the patch version, commit, tag
// "<name>@<version>", and push the current branch and new tags to origin.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const PACKAGES = 'packages';

function git(args, opts = {}) {
  return execFileSync('git', args, { encoding: 'utf8', ...opts }).trim();
}

function packages() {
  return fs
    .readdirSync(PACKAGES)
    .map((dir) => path.join(PACKAGES, dir, 'package.json'))
    .filter((file) => fs.existsSync(file))
    .map((file) => ({ file, dir: path.dirname(file), manifest: JSON.parse(fs.readFileSync(file, 'utf8')) }))
    .filter((p) => !p.manifest.private);
}

function lastTag(name) {
  const tags = git(['tag', '--list', `${name}@*`, '--sort=-v:refname']);
  return tags.split('\n').filter(Boolean)[0] || null;
}

function changedSince(tag, dir) {
  if (!tag) return true;
  return git(['diff', '--name-only', `${tag}..HEAD`, '--', dir]).length > 0;
}

function bumpPatch(version) {
  const [major, minor, patch] = version.split('.').map((n) => parseInt(n, 10));
  return `${major}.${minor}.${patch + 1}`;
}

function main() {
  const flags = new Set(process.argv.slice(2));
  const dryRun = flags.has('--dry-run');
  if (flags.has('--help')) {
    console.log('usage: release-packages.js [--dry-run]');
    return;
  }
  if (git(['status', '--porcelain'])) {
    console.error('commit or stash your changes first');
    process.exit(1);
  }
  const branch = git(['symbolic-ref', '--short', 'HEAD']);
  const released = [];
  for (const pkg of packages()) {
    const { name, version } = pkg.manifest;
    const tag = lastTag(name);
    if (!changedSince(tag, pkg.dir)) continue;
    const next = bumpPatch(version);
    console.log(`${name}: ${version} -> ${next} (last tag ${tag || 'none'})`);
    if (dryRun) continue;
    pkg.manifest.version = next;
    fs.writeFileSync(pkg.file, JSON.stringify(pkg.manifest, null, 2) + '\n');
    git(['add', pkg.file]);
    released.push(`${name}@${next}`);
  }
  if (released.length === 0) {
    console.log(dryRun ? 'dry run complete' : 'nothing to release');
    return;
  }
  git(['commit', '-m', `release: ${released.join(', ')}`]);
  for (const tag of released) git(['tag', '-a', tag, '-m', tag]);
  git(['push', 'origin', branch], { stdio: 'inherit' });
  git(['push', 'origin', ...released.map((t) => `refs/tags/${t}`)], { stdio: 'inherit' });
  console.log(`released ${released.length} package(s) from ${branch}`);
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
