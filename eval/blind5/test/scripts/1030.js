#!/usr/bin/env node
// Generate CHANGELOG.md entries per workspace package from git history and
// bump each changed package's version. Does not publish or push.
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = process.cwd();
const PACKAGES_DIR = path.join(ROOT, 'packages');

const git = (args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

function packages() {
  return fs.readdirSync(PACKAGES_DIR)
    .map((name) => path.join(PACKAGES_DIR, name))
    .filter((dir) => fs.existsSync(path.join(dir, 'package.json')))
    .map((dir) => ({ dir, pkg: JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) }));
}

function lastReleaseTag(name) {
  try {
    return git(['describe', '--tags', '--abbrev=0', '--match', `${name}@*`]);
  } catch {
    return null;
  }
}

function commitsFor(dir, since) {
  const range = since ? [`${since}..HEAD`] : [];
  const out = git(['log', ...range, '--format=%h %s', '--', path.relative(ROOT, dir)]);
  return out ? out.split('\n') : [];
}

function nextVersion(version, commits) {
  const [ma, mi, pa] = version.split('.').map(Number);
  if (commits.some((c) => /^\w+ \w+(\(.+\))?!:/.test(c))) return `${ma + 1}.0.0`;
  if (commits.some((c) => /^\w+ feat/.test(c))) return `${ma}.${mi + 1}.0`;
  return `${ma}.${mi}.${pa + 1}`;
}

function prependChangelog(dir, version, commits) {
  const file = path.join(dir, 'CHANGELOG.md');
  const prev = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const entry = `## ${version}\n\n${commits.map((c) => `- ${c}`).join('\n')}\n\n`;
  fs.writeFileSync(file, entry + prev);
}

function main() {
  const bumped = [];
  for (const { dir, pkg } of packages()) {
    const commits = commitsFor(dir, lastReleaseTag(pkg.name));
    if (!commits.length) continue;
    const version = nextVersion(pkg.version, commits);
    prependChangelog(dir, version, commits);
    pkg.version = version;
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
    bumped.push(`${pkg.name}@${version}`);
  }
  if (!bumped.length) {
    console.log('no package changes since last release');
    return;
  }
  git(['add', '-A', 'packages']);
  git(['commit', '-m', `chore(release): ${bumped.join(', ')}`]);
  for (const t of bumped) git(['tag', t]);
  console.log(`prepared ${bumped.length} release(s):\n  ${bumped.join('\n  ')}`);
}

main();
