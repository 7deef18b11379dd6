#!/usr/bin/env node
// Start `next dev` for apps/web with variables from apps/web/.env.local,
// open the browser when ready, and stop that one child on Ctrl-C.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');

const APP_DIR = path.resolve(__dirname, '..', 'apps', 'web');
const PORT = process.env.WEB_PORT || '3100';

function readEnvLocal() {
  const file = path.join(APP_DIR, '.env.local');
  const vars = {};
  if (!fs.existsSync(file)) {
    console.warn(`[web] ${path.relative(process.cwd(), file)} missing; using defaults`);
    return vars;
  }
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = line.match(/^\s*([\w.-]+)\s*=\s*(.*)?\s*$/);
    if (!match || line.trim().startsWith('#')) continue;
    let value = (match[2] || '').trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) {
      value = value.slice(1, -1).replace(/\\n/g, '\n');
    }
    vars[match[1]] = value;
  }
  return vars;
}

function openBrowser(url) {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'start' : 'xdg-open';
  spawn(opener, [url], { stdio: 'ignore', detached: true }).unref();
}

const envLocal = readEnvLocal();
const nextBin = path.join(APP_DIR, 'node_modules', '.bin', 'next');
const child = spawn(nextBin, ['dev', '--port', PORT, '--hostname', '127.0.0.1'], {
  cwd: APP_DIR,
  env: { ...process.env, ...envLocal },
  stdio: ['inherit', 'pipe', 'inherit'],
});
console.log(`[web] next dev pid ${child.pid}, ${Object.keys(envLocal).length} vars from .env.local`);

let opened = false;
readline.createInterface({ input: child.stdout }).on('line', (line) => {
  process.stdout.write(`${line}\n`);
  if (!opened && /ready|started server/i.test(line)) {
    opened = true;
    if (!process.env.NO_OPEN) openBrowser(`http://127.0.0.1:${PORT}`);
  }
});

let exiting = false;
function stopChild(signal) {
  if (exiting) return;
  exiting = true;
  console.log(`\n[web] ${signal}: stopping next dev (pid ${child.pid})`);
  child.kill('SIGTERM');
  const force = setTimeout(() => {
    console.log('[web] forcing stop');
    child.kill('SIGKILL');
  }, 4000);
  child.once('exit', () => {
    clearTimeout(force);
    process.exit(0);
  });
}

child.on('exit', (code) => {
  if (!exiting) {
    console.log(`[web] next dev exited with ${code}`);
    process.exit(code ?? 1);
  }
});

process.on('SIGINT', () => stopChild('SIGINT'));
process.on('SIGTERM', () => stopChild('SIGTERM'));
