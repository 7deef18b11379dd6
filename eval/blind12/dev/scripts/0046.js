#!/usr/bin/env node
// Prepare and publish a release of the SDK packages:
//   1. compute the next version from conventional commits since the last tag
//   2. write CHANGELOG.md and bump package.json
//   3. commit, tag, push and npm publish (skip publish with --no-publish)
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const PKG_PATH = path.join(ROOT, 'package.json');

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const npm = (...args) => execFileSync('npm', args, { cwd: ROOT, stdio: 'inherit' });

function lastTag() {
  try {
    return git('describe', '--tags', '--abbrev=0', '--match', 'v*');
  } catch {
    return null;
  }
}

function commitsSince(tag) {
  const range = tag ? `${tag}..HEAD` : 'HEAD';
  const raw = git('log', range, '--no-merges', '--format=%H%x1f%s%x1f%b%x1e');
  return raw
    .split('\x1e')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => {
      const [hash, subject, body] = r.split('\x1f');
      const m = /^(\w+)(?:\(([^)]+)\))?(!)?: (.+)$/.exec(subject) || [];
      return {
        hash: hash.slice(0, 7),
        type: m[1] || 'other',
        scope: m[2],
        breaking: Boolean(m[3]) || /BREAKING CHANGE:/.test(body || ''),
        subject: m[4] || subject,
      };
    });
}

function bump(version, commits) {
  const [major, minor, patch] = version.split('.').map(Number);
  if (commits.some((c) => c.breaking)) return `${major + 1}.0.0`;
  if (commits.some((c) => c.type === 'feat')) return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

function changelogSection(version, commits) {
  const groups = { feat: 'Features', fix: 'Fixes', perf: 'Performance' };
  const lines = [`## v${version} (${new Date().toISOString().slice(0, 10)})`, ''];
  for (const [type, title] of Object.entries(groups)) {
    const items = commits.filter((c) => c.type === type);
    if (!items.length) continue;
    lines.push(`### ${title}`, '');
    for (const c of items) lines.push(`- ${c.scope ? `**${c.scope}:** ` : ''}${c.subject} (${c.hash})`);
    lines.push('');
  }
  return lines.join('\n');
}

function main() {
  const noPublish = process.argv.includes('--no-publish');
  if (git('status', '--porcelain')) throw new Error('working tree is dirty');
  const pkg = JSON.parse(fs.readFileSync(PKG_PATH, 'utf8'));
  const commits = commitsSince(lastTag());
  if (!commits.length) throw new Error('nothing to release');
  const next = bump(pkg.version, commits);

  const changelogPath = path.join(ROOT, 'CHANGELOG.md');
  const old = fs.existsSync(changelogPath) ? fs.readFileSync(changelogPath, 'utf8') : '# Changelog\n';
  const [title, ...rest] = old.split('\n');
  fs.writeFileSync(changelogPath, [title, '', changelogSection(next, commits), ...rest].join('\n'));
  pkg.version = next;
  fs.writeFileSync(PKG_PATH, JSON.stringify(pkg, null, 2) + '\n');

  git('add', 'package.json', 'CHANGELOG.md');
  git('commit', '-m', `chore(release): v${next}`);
  git('tag', '-a', `v${next}`, '-m', `v${next}`);
  git('push', 'origin', 'HEAD');
  git('push', 'origin', `v${next}`);
  if (!noPublish) npm('publish', '--access', 'public', '--provenance');
  console.log(`released v${next} (${commits.length} commits)`);
}

try {
  main();
} catch (err) {
  console.error(`release aborted: ${err.message}`);
  process.exit(1);
}
