#!/usr/bin/env node
// Check relative links in docs/**/*.md using a pool of worker threads.
// Purely local: links that point to other hosts are skipped, and only
// files inside docs/ are read.
'use strict';

const { Worker, isMainThread, parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');

const DOCS = path.resolve('docs');
const LINK_RE = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

function checkFile(file) {
  const text = fs.readFileSync(file, 'utf8');
  const broken = [];
  let m;
  while ((m = LINK_RE.exec(text)) !== null) {
    const target = m[1];
    if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
    const [rel] = target.split('#');
    const resolved = path.resolve(path.dirname(file), decodeURI(rel));
    if (!resolved.startsWith(DOCS)) {
      broken.push({ target, reason: 'points outside docs/' });
    } else if (!fs.existsSync(resolved)) {
      broken.push({ target, reason: 'missing' });
    }
  }
  return { file: path.relative(DOCS, file), broken };
}

if (!isMainThread) {
  parentPort.on('message', (file) => {
    parentPort.postMessage(checkFile(file));
  });
  return;
}

function markdownFiles(dir) {
  const out = [];
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    if (item.isDirectory() && item.name !== 'node_modules') out.push(...markdownFiles(full));
    else if (item.isFile() && item.name.endsWith('.md')) out.push(full);
  }
  return out;
}

function runPool(files, size) {
  return new Promise((resolve, reject) => {
    const queue = [...files];
    const results = [];
    let active = 0;
    const workers = Array.from({ length: size }, () => new Worker(__filename));
    const feed = (w) => {
      const next = queue.shift();
      if (next) {
        active += 1;
        w.postMessage(next);
      } else if (active === 0) {
        workers.forEach((x) => x.terminate());
        resolve(results);
      }
    };
    for (const w of workers) {
      w.on('message', (res) => {
        results.push(res);
        active -= 1;
        feed(w);
        if (queue.length === 0 && active === 0) feed(w);
      });
      w.on('error', reject);
      feed(w);
    }
  });
}

(async () => {
  if (!fs.existsSync(DOCS)) {
    console.log('no docs/ directory');
    return;
  }
  const files = markdownFiles(DOCS);
  const results = await runPool(files, Math.min(4, Math.max(1, files.length)));
  let broken = 0;
  for (const r of results.sort((a, b) => a.file.localeCompare(b.file))) {
    for (const b of r.broken) {
      broken += 1;
      console.log(`${r.file}: ${b.target} (${b.reason})`);
    }
  }
  console.log(`${files.length} files checked, ${broken} broken link(s)`);
  process.exitCode = broken ? 1 : 0;
})();
