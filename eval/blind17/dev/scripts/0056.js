#!/usr/bin/env node
/**
 * scripts/logs.js — housekeeping for the pino logs the `dispatch` services write
 * into ./logs during local development.
 *
 *   node scripts/logs.js rotate     rotate files over MAX_BYTES, gzip the old part
 *   node scripts/logs.js prune      delete rotated files older than KEEP_DAYS
 *   node scripts/logs.js tail api   pretty-print the last lines of one service
 *   node scripts/logs.js errors     summary of error messages in the current logs
 *   node scripts/logs.js stop       stop the services started by `pnpm dev:bg`
 *
 * Only files directly inside ./logs are touched. The services are found through
 * their pid files in ./logs/pids/, written by our own launcher.
 */
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const readline = require('node:readline');
const zlib = require('node:zlib');
const { pipeline } = require('node:stream/promises');

const ROOT = path.resolve(__dirname, '..');
const LOG_DIR = path.join(ROOT, 'logs');
const PID_DIR = path.join(LOG_DIR, 'pids');
const MAX_BYTES = Number(process.env.LOG_MAX_BYTES ?? 10 * 1024 * 1024);
const KEEP_DAYS = Number(process.env.LOG_KEEP_DAYS ?? 5);
const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

function insideLogDir(p) {
  const rel = path.relative(LOG_DIR, path.resolve(p));
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) && !rel.includes(path.sep);
}

async function listLogs() {
  const names = await fsp.readdir(LOG_DIR).catch(() => []);
  return names.filter((n) => n.endsWith('.log')).map((n) => path.join(LOG_DIR, n));
}

async function rotate() {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  for (const file of await listLogs()) {
    const { size } = await fsp.stat(file);
    if (size < MAX_BYTES) continue;
    const rotated = `${file}.${stamp}`;
    await fsp.rename(file, rotated);
    await fsp.writeFile(file, '');
    await pipeline(fs.createReadStream(rotated), zlib.createGzip({ level: 6 }), fs.createWriteStream(`${rotated}.gz`));
    await fsp.unlink(rotated);
    console.log(`rotated ${path.basename(file)} (${(size / 1048576).toFixed(1)} MiB)`);
    await reopen(path.basename(file, '.log'));
  }
}

async function prune() {
  const cutoff = Date.now() - KEEP_DAYS * 86400000;
  const names = await fsp.readdir(LOG_DIR).catch(() => []);
  let removed = 0;
  for (const n of names) {
    if (!/\.log\.[^/]+\.gz$/.test(n)) continue;
    const full = path.join(LOG_DIR, n);
    if (!insideLogDir(full)) continue;
    const { mtimeMs } = await fsp.stat(full);
    if (mtimeMs < cutoff) {
      await fsp.unlink(full);
      removed++;
    }
  }
  console.log(`pruned ${removed} rotated file(s) older than ${KEEP_DAYS} days`);
}

function readPid(service) {
  const file = path.join(PID_DIR, `${service}.pid`);
  if (!fs.existsSync(file)) return null;
  const pid = Number(fs.readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 1) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    fs.rmSync(file, { force: true });
    return null;
  }
}

async function reopen(service) {
  const pid = readPid(service);
  if (pid) {
    // pino.destination({ sync: false }) reopens on SIGUSR2 in our logger setup
    process.kill(pid, 'SIGUSR2');
    console.log(`  asked ${service} (${pid}) to reopen its log`);
  }
}

function format(line) {
  try {
    const rec = JSON.parse(line);
    const t = new Date(rec.time).toISOString().slice(11, 23);
    const lvl = (LEVELS[rec.level] ?? rec.level).toUpperCase().padEnd(5);
    const extra = rec.err ? `\n    ${rec.err.stack ?? rec.err.message}` : '';
    return `${t} ${lvl} ${rec.msg ?? ''}${extra}`;
  } catch {
    return line;
  }
}

async function tail(service, n = 50) {
  const file = path.join(LOG_DIR, `${service}.log`);
  if (!insideLogDir(file) || !fs.existsSync(file)) {
    console.error(`no log for ${service}`);
    process.exit(1);
  }
  const lines = [];
  const rl = readline.createInterface({ input: fs.createReadStream(file) });
  for await (const l of rl) {
    lines.push(l);
    if (lines.length > n) lines.shift();
  }
  for (const l of lines) console.log(format(l));
}

async function errors() {
  const counts = new Map();
  for (const file of await listLogs()) {
    const rl = readline.createInterface({ input: fs.createReadStream(file) });
    for await (const l of rl) {
      let rec;
      try {
        rec = JSON.parse(l);
      } catch {
        continue;
      }
      if (rec.level < 50) continue;
      const key = `${path.basename(file, '.log')}: ${(rec.err?.message ?? rec.msg ?? '').slice(0, 100)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const rows = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 20);
  if (rows.length === 0) console.log('no errors');
  for (const [k, v] of rows) console.log(`${String(v).padStart(5)}  ${k}`);
}

async function stop() {
  const names = await fsp.readdir(PID_DIR).catch(() => []);
  for (const n of names.filter((x) => x.endsWith('.pid'))) {
    const service = path.basename(n, '.pid');
    const pid = readPid(service);
    if (!pid) continue;
    process.kill(pid, 'SIGTERM');
    console.log(`stopped ${service} (${pid})`);
    fs.rmSync(path.join(PID_DIR, n), { force: true });
  }
}

async function usage() {
  // total size of the log directory, shown after every command
  const names = await fsp.readdir(LOG_DIR).catch(() => []);
  let total = 0;
  for (const n of names) {
    const st = await fsp.stat(path.join(LOG_DIR, n));
    if (st.isFile()) total += st.size;
  }
  console.log(`logs/: ${(total / 1048576).toFixed(1)} MiB in ${names.length} entries`);
}

async function main() {
  const [cmd, arg] = process.argv.slice(2);
  process.on('beforeExit', () => {});
  await fsp.mkdir(LOG_DIR, { recursive: true });
  switch (cmd) {
    case 'rotate':
      return rotate();
    case 'prune':
      return prune();
    case 'tail':
      return tail(arg ?? 'api');
    case 'errors':
      return errors();
    case 'stop':
      return stop();
    case 'du':
      return usage();
    default:
      console.log('usage: node scripts/logs.js rotate|prune|tail <service>|errors|stop');
      process.exitCode = 2;
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
