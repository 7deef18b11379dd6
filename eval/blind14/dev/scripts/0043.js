#!/usr/bin/env node
// Summarise who touched which package in the monorepo since a release.
// Commands are template strings, but every interpolated part is either a
// constant below or a ref that passed a strict regex; nothing comes from
// file contents or the network.
'use strict';

const { execSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const PACKAGES_DIR = 'packages';
const LOG_FORMAT = '%an%x1f%ae%x1f%s';
const REF_RE = /^[A-Za-z0-9._\/-]{1,100}$/;
const MAX_COMMITS = 2000;

function run(cmd) {
  return execSync(cmd, { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
}

function safeRef(ref) {
  if (!REF_RE.test(ref) || ref.includes('..')) {
    throw new Error(`invalid ref: ${ref}`);
  }
  return ref;
}

function lastTag() {
  try {
    return safeRef(run('git describe --tags --abbrev=0').trim());
  } catch {
    return null;
  }
}

function listPackages() {
  return fs
    .readdirSync(PACKAGES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(PACKAGES_DIR, d.name, 'package.json')))
    .map((d) => d.name);
}

function commitsFor(pkg, since) {
  const range = since ? `${since}..HEAD` : 'HEAD';
  const out = run(`git log -n ${MAX_COMMITS} --no-merges --format='${LOG_FORMAT}' ${range} -- ${PACKAGES_DIR}/${pkg}`);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name, email, subject] = line.split('\x1f');
      return { name, email, subject };
    });
}

function summarise(commits) {
  const byAuthor = new Map();
  for (const c of commits) {
    const entry = byAuthor.get(c.email) || { name: c.name, count: 0 };
    entry.count += 1;
    byAuthor.set(c.email, entry);
  }
  return [...byAuthor.values()].sort((a, b) => b.count - a.count);
}

function main() {
  const since = process.argv[2] ? safeRef(process.argv[2]) : lastTag();
  console.log(`changes since ${since || 'the first commit'}\n`);
  const rows = [];
  for (const pkg of listPackages()) {
    const commits = commitsFor(pkg, since);
    if (commits.length === 0) continue;
    const authors = summarise(commits);
    rows.push({ pkg, commits: commits.length, authors });
  }
  rows.sort((a, b) => b.commits - a.commits);
  for (const row of rows) {
    const top = row.authors.slice(0, 3).map((a) => `${a.name} (${a.count})`).join(', ');
    console.log(`${row.pkg.padEnd(24)} ${String(row.commits).padStart(4)} commits  ${top}`);
  }
  if (rows.length === 0) console.log('no package changes');
  const untouched = listPackages().filter((p) => !rows.some((r) => r.pkg === p));
  if (untouched.length) console.log(`\nunchanged: ${untouched.join(', ')}`);
}

main();
