#!/usr/bin/env node
// Minimal Source RCON client + scheduled maintenance for the club's Minecraft server.
//
//   node tools/rcon.js "list"                       one-off command
//   node tools/rcon.js --maintenance [--dry-run]    warn players, save, snapshot, restart
//
// Connects only to RCON_HOST (default 127.0.0.1). The snapshot is a tar of
// server/world into backups/ and the restart goes through our own
// ./server.sh wrapper, which only manages the process it started.
'use strict';

const net = require('node:net');
const fs = require('node:fs');
const path = require('node:path');
const { spawn, execFile } = require('node:child_process');
const { promisify } = require('node:util');

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const HOST = process.env.RCON_HOST || '127.0.0.1';
const PORT = Number(process.env.RCON_PORT || 25575);
const BACKUPS = path.join(ROOT, 'backups');
const ALLOWED_HOSTS = new Set(['127.0.0.1', 'localhost', 'mc.internal']);

const TYPE_AUTH = 3;
const TYPE_COMMAND = 2;

function readPassword() {
  if (process.env.RCON_PASSWORD) return process.env.RCON_PASSWORD;
  const props = path.join(ROOT, 'server', 'server.properties');
  const line = fs.readFileSync(props, 'utf8').split('\n').find((l) => l.startsWith('rcon.password='));
  if (!line) throw new Error('rcon.password not set in server.properties');
  return line.slice('rcon.password='.length).trim();
}

function packet(id, type, body) {
  const payload = Buffer.from(body, 'utf8');
  const buf = Buffer.alloc(14 + payload.length);
  buf.writeInt32LE(10 + payload.length, 0);
  buf.writeInt32LE(id, 4);
  buf.writeInt32LE(type, 8);
  payload.copy(buf, 12);
  buf.writeInt16LE(0, 12 + payload.length);
  return buf;
}

class Rcon {
  constructor(host, port) {
    if (!ALLOWED_HOSTS.has(host)) throw new Error(`RCON host ${host} not allowed`);
    this.host = host;
    this.port = port;
    this.nextId = 1;
    this.pending = new Map();
    this.buffer = Buffer.alloc(0);
  }

  connect(password) {
    return new Promise((resolve, reject) => {
      this.sock = net.connect({ host: this.host, port: this.port }, async () => {
        try {
          await this.send(password, TYPE_AUTH);
          resolve(this);
        } catch (e) {
          reject(e);
        }
      });
      this.sock.setTimeout(10000, () => this.sock.destroy(new Error('RCON timeout')));
      this.sock.on('error', reject);
      this.sock.on('data', (chunk) => this.onData(chunk));
    });
  }

  onData(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    while (this.buffer.length >= 4) {
      const len = this.buffer.readInt32LE(0);
      if (this.buffer.length < len + 4) break;
      const id = this.buffer.readInt32LE(4);
      const body = this.buffer.toString('utf8', 12, 4 + len - 2);
      this.buffer = this.buffer.subarray(len + 4);
      const waiter = this.pending.get(id) || (id === -1 ? [...this.pending.values()][0] : null);
      if (waiter) {
        this.pending.delete(id);
        id === -1 ? waiter.reject(new Error('RCON authentication failed')) : waiter.resolve(body);
      }
    }
  }

  send(body, type = TYPE_COMMAND) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.sock.write(packet(id, type, body));
    });
  }

  close() {
    this.sock?.end();
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function snapshot(dryRun) {
  fs.mkdirSync(BACKUPS, { recursive: true });
  const name = `world-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
  const target = path.join(BACKUPS, name);
  if (dryRun) {
    console.log(`[dry-run] tar -czf ${path.relative(ROOT, target)} -C server world`);
    return;
  }
  await execFileP('tar', ['-czf', target, '-C', path.join(ROOT, 'server'), 'world']);
  console.log(`snapshot ${name} (${(fs.statSync(target).size / 1e6).toFixed(1)} MB)`);
  const all = fs.readdirSync(BACKUPS).filter((f) => /^world-.*\.tar\.gz$/.test(f)).sort();
  for (const old of all.slice(0, Math.max(0, all.length - 10))) {
    fs.unlinkSync(path.join(BACKUPS, old));
    console.log(`pruned ${old}`);
  }
}

function restart(dryRun) {
  const script = path.join(ROOT, 'server.sh');
  if (dryRun) {
    console.log(`[dry-run] ${script} restart`);
    return Promise.resolve(0);
  }
  return new Promise((resolve) => {
    const child = spawn(script, ['restart'], { cwd: ROOT, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code));
  });
}

async function maintenance(rcon, dryRun) {
  for (const mins of [5, 1]) {
    await rcon.send(`say Server maintenance in ${mins} minute(s): short restart`);
    console.log(`warned players (${mins} min)`);
    if (!dryRun) await sleep(mins === 5 ? 4 * 60_000 : 60_000);
  }
  console.log(await rcon.send('save-off'));
  console.log(await rcon.send('save-all flush'));
  await sleep(3000);
  try {
    await snapshot(dryRun);
  } finally {
    console.log(await rcon.send('save-on'));
  }
  rcon.close();
  const code = await restart(dryRun);
  if (code !== 0) throw new Error(`server.sh restart exited ${code}`);
}

function usage() {
  console.log('usage: rcon.js "<command>" | --maintenance [--dry-run]');
  console.log(`       RCON_HOST=${HOST} RCON_PORT=${PORT}`);
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('-h') || args.includes('--help')) return usage();
  const dryRun = args.includes('--dry-run');
  const rcon = await new Rcon(HOST, PORT).connect(readPassword());
  try {
    if (args.includes('--maintenance')) {
      await maintenance(rcon, dryRun);
    } else {
      const cmd = args.filter((a) => !a.startsWith('--')).join(' ') || 'list';
      console.log(await rcon.send(cmd));
    }
  } finally {
    rcon.close();
  }
}

process.on('SIGINT', () => {
  console.error('interrupted');
  process.exit(130);
});

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
