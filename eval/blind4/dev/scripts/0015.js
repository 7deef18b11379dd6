#!/usr/bin/env node
// scripts/changelog.js - prepend a CHANGELOG section built from conventional commits
// since the last tag. Usage: node scripts/changelog.js [--dry-run]
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const changelog = path.join(root, 'CHANGELOG.md');
const dryRun = process.argv.includes('--dry-run');

function git(args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
}

function lastTag() {
  try {
    return git(['describe', '--tags', '--abbrev=0']);
  } catch {
    return null;
  }
}

function commitsSince(tag) {
  const range = tag ? `${tag}..HEAD` : 'HEAD';
  const out = git(['log', range, '--no-merges', '--pretty=format:%h%x09%s']);
  return out ? out.split('\n').map((l) => l.split('\t')) : [];
}

const SECTIONS = {
  feat: 'Features',
  fix: 'Bug Fixes',
  perf: 'Performance',
  refactor: 'Refactoring',
  docs: 'Documentation',
};

function group(commits) {
  const groups = {};
  for (const [sha, subject] of commits) {
    const m = subject.match(/^(\w+)(\([^)]+\))?(!)?:\s*(.+)$/);
    if (!m || !SECTIONS[m[1]]) continue;
    const title = SECTIONS[m[1]];
    const scope = m[2] ? `**${m[2].slice(1, -1)}:** ` : '';
    (groups[title] = groups[title] || []).push(`- ${scope}${m[4]} (${sha})`);
  }
  return groups;
}

function main() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const tag = lastTag();
  const groups = group(commitsSince(tag));
  const date = new Date().toISOString().slice(0, 10);
  let section = `## ${pkg.version} (${date})\n\n`;
  for (const title of Object.values(SECTIONS)) {
    if (!groups[title]) continue;
    section += `### ${title}\n\n${groups[title].join('\n')}\n\n`;
  }
  if (dryRun) {
    process.stdout.write(section);
    return;
  }
  const previous = fs.existsSync(changelog) ? fs.readFileSync(changelog, 'utf8') : '# Changelog\n\n';
  const [head, ...rest] = previous.split('\n## ');
  const next = `${head.trimEnd()}\n\n${section}${rest.length ? '## ' + rest.join('\n## ') : ''}`;
  fs.writeFileSync(changelog, next);
  console.log(`CHANGELOG.md updated for ${pkg.version} (since ${tag || 'first commit'})`);
}

main();
