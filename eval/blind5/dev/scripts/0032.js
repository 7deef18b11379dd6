#!/usr/bin/env node
// Prepare a release: bump package.json, prepend CHANGELOG notes from
// conventional commits since the last tag, commit, and tag.
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();

const SECTIONS = { feat: 'Features', fix: 'Bug Fixes', perf: 'Performance', refactor: 'Refactoring' };

function lastTag() {
  try {
    return git('describe', '--tags', '--abbrev=0');
  } catch {
    return null;
  }
}

function commitsSince(tag) {
  const range = tag ? `${tag}..HEAD` : 'HEAD';
  const out = git('log', range, '--pretty=format:%h%x09%s');
  return out ? out.split('\n').map((l) => l.split('\t')) : [];
}

function bump(version, commits) {
  let [major, minor, patch] = version.split('.').map(Number);
  const breaking = commits.some(([, s]) => /^\w+(\(.+\))?!:/.test(s) || /BREAKING CHANGE/.test(s));
  const feature = commits.some(([, s]) => s.startsWith('feat'));
  if (breaking) return `${major + 1}.0.0`;
  if (feature) return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

function notes(version, commits) {
  const grouped = {};
  for (const [hash, subject] of commits) {
    const m = subject.match(/^(\w+)(?:\(([^)]+)\))?!?:\s*(.+)$/);
    if (!m || !SECTIONS[m[1]]) continue;
    (grouped[SECTIONS[m[1]]] ||= []).push(`- ${m[2] ? `**${m[2]}:** ` : ''}${m[3]} (${hash})`);
  }
  const date = new Date().toISOString().slice(0, 10);
  let md = `## ${version} (${date})\n\n`;
  for (const [title, items] of Object.entries(grouped)) md += `### ${title}\n\n${items.join('\n')}\n\n`;
  return md;
}

function main() {
  if (git('status', '--porcelain')) {
    console.error('working tree not clean');
    process.exit(1);
  }
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  const commits = commitsSince(lastTag());
  if (!commits.length) {
    console.log('nothing to release');
    return;
  }
  const next = bump(pkg.version, commits);
  pkg.version = next;
  fs.writeFileSync('package.json', JSON.stringify(pkg, null, 2) + '\n');
  const prev = fs.existsSync('CHANGELOG.md') ? fs.readFileSync('CHANGELOG.md', 'utf8') : '# Changelog\n\n';
  const [head, ...rest] = prev.split('\n\n');
  fs.writeFileSync('CHANGELOG.md', [head, notes(next, commits).trimEnd(), ...rest].join('\n\n'));
  execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts'], { stdio: 'inherit' });
  git('add', 'package.json', 'package-lock.json', 'CHANGELOG.md');
  git('commit', '-m', `chore(release): v${next}`);
  git('tag', '-a', `v${next}`, '-m', `v${next}`);
  console.log(`tagged v${next}; push with: git push --follow-tags`);
}

main();
