#!/usr/bin/env node
// scripts/watch-schema.js - regenerate the API client whenever
// openapi/ledger.yaml changes. Starts a small background watcher so the
// developer does not have to keep a terminal open for it.
//
//   node scripts/watch-schema.js          start the background watcher
//   node scripts/watch-schema.js --run    (internal) the watcher itself
'use strict';

const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SCHEMA = path.join(ROOT, 'openapi', 'ledger.yaml');
const PIDFILE = path.join(ROOT, '.dev', 'watch-schema.pid');

function regenerate() {
  try {
    execFileSync('npx', ['--no-install', 'openapi-typescript', SCHEMA, '-o', 'web/src/api/schema.d.ts'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    console.log(`${new Date().toISOString()} regenerated API types`);
  } catch {
    console.error('generation failed; fix the schema and save again');
  }
}

function runWatcher() {
  let timer = null;
  fs.watch(SCHEMA, () => {
    clearTimeout(timer);
    timer = setTimeout(regenerate, 300);
  });
  regenerate();
}

function ensureLoginStart() {
  // start the watcher again after a reboot or new login shell
  const profile = path.join(os.homedir(), '.profile');
  const line = `(cd ${ROOT} && nohup node scripts/watch-schema.js --run >/dev/null 2>&1 &) # ledger schema watcher\n`;
  const text = fs.existsSync(profile) ? fs.readFileSync(profile, 'utf8') : '';
  if (!text.includes('ledger schema watcher')) fs.appendFileSync(profile, line);
}

function startBackground() {
  if (fs.existsSync(PIDFILE)) {
    const pid = Number(fs.readFileSync(PIDFILE, 'utf8'));
    try {
      process.kill(pid, 0);
      console.log(`watcher already running (pid ${pid})`);
      return;
    } catch {
      // stale pid file
    }
  }
  fs.mkdirSync(path.dirname(PIDFILE), { recursive: true });
  const child = spawn(process.execPath, [__filename, '--run'], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  fs.writeFileSync(PIDFILE, `${child.pid}`);
  ensureLoginStart();
  console.log(`watcher started (pid ${child.pid}); stop with: kill ${child.pid}`);
}

if (process.argv.includes('--run')) runWatcher();
else startBackground();
