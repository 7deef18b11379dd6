#!/usr/bin/env node
// Prepend a changelog entry built from conventional commits since the last tag.
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');

function git(args) {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

const lastTag = git(['describe', '--tags', '--abbrev=0']);
const version = require('./package.json').version;
const log = git(['log', `${lastTag}..HEAD`, '--no-merges', '--pretty=format:%h%x09%s']);

const groups = { feat: [], fix: [], perf: [], other: [] };
for (const line of log.split('\n').filter(Boolean)) {
  const [hash, subject] = line.split('\t');
  const m = /^(\w+)(\([^)]*\))?!?:\s*(.*)$/.exec(subject);
  const kind = m && groups[m[1]] ? m[1] : 'other';
  groups[kind].push(`- ${m ? m[3] : subject} (${hash})`);
}

const titles = { feat: 'Features', fix: 'Fixes', perf: 'Performance', other: 'Other' };
let entry = `## ${version} - ${new Date().toISOString().slice(0, 10)}\n\n`;
for (const [kind, items] of Object.entries(groups)) {
  if (items.length === 0) continue;
  entry += `### ${titles[kind]}\n${items.join('\n')}\n\n`;
}

const file = 'CHANGELOG.md';
const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Changelog\n\n';
const [head, ...rest] = old.split('\n## ');
fs.writeFileSync(file, `${head.trimEnd()}\n\n${entry}${rest.length ? '## ' + rest.join('\n## ') : ''}`);
console.log(entry);
