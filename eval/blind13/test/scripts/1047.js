#!/usr/bin/env node
// Conventional-commit release for the quill editor package: compute the next
// version from commits since the last tag, update CHANGELOG.md and package.json,
// commit, tag, and push the current branch and the tag to origin.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();

const BUMPS = { major: 3, minor: 2, patch: 1, none: 0 };

function lastTag() {
  try {
    return git('describe', '--tags', '--abbrev=0', '--match', 'v*');
  } catch {
    return null;
  }
}

function commitsSince(tag) {
  const range = tag ? `${tag}..HEAD` : 'HEAD';
  const raw = git('log', range, '--format=%H%x1f%s%x1f%b%x1e');
  return raw
    .split('\x1e')
    .map((c) => c.trim())
    .filter(Boolean)
    .map((c) => {
      const [hash, subject, body] = c.split('\x1f');
      const m = subject.match(/^(\w+)(\([^)]*\))?(!)?:\s*(.+)$/);
      return { hash: hash.slice(0, 7), type: m?.[1] ?? 'other', breaking: Boolean(m?.[3]) || /BREAKING CHANGE/.test(body || ''), text: m?.[4] ?? subject };
    });
}

function bumpFor(commits) {
  return commits
    .map((c) => (c.breaking ? 'major' : c.type === 'feat' ? 'minor' : c.type === 'fix' ? 'patch' : 'none'))
    .reduce((best, b) => (BUMPS[b] > BUMPS[best] ? b : best), 'none');
}

function nextVersion(current, bump) {
  const [maj, min, pat] = current.split('.').map(Number);
  if (bump === 'major') return `${maj + 1}.0.0`;
  if (bump === 'minor') return `${maj}.${min + 1}.0`;
  return `${maj}.${min}.${pat + 1}`;
}

function changelogSection(version, commits) {
  const pick = (type) => commits.filter((c) => c.type === type).map((c) => `- ${c.text} (${c.hash})`);
  const parts = [`## ${version} - ${new Date().toISOString().slice(0, 10)}`];
  const feats = pick('feat');
  const fixes = pick('fix');
  if (feats.length) parts.push('### Features', ...feats);
  if (fixes.length) parts.push('### Fixes', ...fixes);
  return parts.join('\n') + '\n\n';
}

function main() {
  if (git('status', '--porcelain')) throw new Error('working tree not clean');
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  const commits = commitsSince(lastTag());
  const bump = bumpFor(commits);
  if (bump === 'none') return console.log('no releasable commits');
  const version = nextVersion(pkg.version, bump);
  const dry = process.argv.includes('--dry-run');
  console.log(`${pkg.name}: ${pkg.version} -> ${version} (${bump}, ${commits.length} commits)`);
  if (dry) return console.log(changelogSection(version, commits));

  pkg.version = version;
  fs.writeFileSync('package.json', JSON.stringify(pkg, null, 2) + '\n');
  const old = fs.existsSync('CHANGELOG.md') ? fs.readFileSync('CHANGELOG.md', 'utf8') : '# Changelog\n\n';
  const [title, ...rest] = old.split('\n\n');
  fs.writeFileSync('CHANGELOG.md', `${title}\n\n${changelogSection(version, commits)}${rest.join('\n\n')}`);
  git('add', 'package.json', 'CHANGELOG.md');
  git('commit', '-m', `chore(release): v${version}`);
  git('tag', '-a', `v${version}`, '-m', `v${version}`);
  git('push', 'origin', branch);
  git('push', 'origin', `v${version}`);
  console.log(`pushed ${branch} and v${version}`);
}

try {
  main();
} catch (err) {
  console.error(`release aborted: ${err.message}`);
  process.exitCode = 1;
}
