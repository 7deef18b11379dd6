#!/usr/bin/env node
/*
 * weaviate-backup.js - create, list and restore backups of the *local*
 * Weaviate used by the recommendation service in development.
 *
 * Uses Weaviate's backup API with the "filesystem" backend configured in
 * infra/weaviate/compose.yaml (BACKUP_FILESYSTEM_PATH mounted from
 * ./.weaviate-backups). Restores require the target classes to not exist, so
 * `restore --replace` first deletes *only* the classes contained in the backup
 * and only on a Weaviate running on localhost.
 *
 *   node tools/weaviate-backup.js create [--include Article,Author]
 *   node tools/weaviate-backup.js list
 *   node tools/weaviate-backup.js restore <id> [--replace --yes]
 *   node tools/weaviate-backup.js prune --keep 5
 */
'use strict';

const fsp = require('node:fs/promises');
const path = require('node:path');

const BASE = process.env.WEAVIATE_URL || 'http://localhost:8080';
const BACKEND = 'filesystem';
const BACKUP_DIR = path.resolve(__dirname, '..', '.weaviate-backups');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function isLocal() {
  const { hostname } = new URL(BASE);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === 'weaviate';
}

function parseFlags(argv) {
  const flags = { _: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const key = arg.slice(2);
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        flags[key] = next;
        i += 1;
      } else {
        flags[key] = true;
      }
    } else {
      flags._.push(arg);
    }
  }
  return flags;
}

async function wv(method, route, payload) {
  const init = { method, headers: { Accept: 'application/json' } };
  if (payload !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(payload);
  }
  if (process.env.WEAVIATE_API_KEY) init.headers.Authorization = `Bearer ${process.env.WEAVIATE_API_KEY}`;
  const res = await fetch(`${BASE}/v1${route}`, init);
  const text = await res.text();
  if (!res.ok) {
    const err = new Error(`${method} ${route} -> ${res.status}: ${text.slice(0, 240)}`);
    err.status = res.status;
    throw err;
  }
  return text ? JSON.parse(text) : null;
}

async function classNames() {
  const schema = await wv('GET', '/schema');
  return (schema.classes || []).map((c) => c.class).sort();
}

async function waitFor(kind, id, timeoutMs = 10 * 60 * 1000) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const status = await wv('GET', `/backups/${BACKEND}/${id}${kind === 'restore' ? '/restore' : ''}`);
    if (status.status !== last) {
      console.log(`  ${kind} ${id}: ${status.status}`);
      last = status.status;
    }
    if (status.status === 'SUCCESS') return status;
    if (status.status === 'FAILED') throw new Error(`${kind} failed: ${status.error || 'unknown error'}`);
    await sleep(1500);
  }
  throw new Error(`${kind} ${id} did not finish in time`);
}

async function create(flags) {
  const include = typeof flags.include === 'string' ? flags.include.split(',').map((s) => s.trim()) : undefined;
  if (include) {
    const known = new Set(await classNames());
    const unknown = include.filter((c) => !known.has(c));
    if (unknown.length) throw new Error(`unknown class(es): ${unknown.join(', ')}`);
  }
  const id = `dev-${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').toLowerCase()}`;
  await wv('POST', `/backups/${BACKEND}`, { id, include });
  await waitFor('backup', id);
  console.log(`backup ${id} created${include ? ` (${include.join(', ')})` : ''}`);
  return id;
}

async function localBackups() {
  let entries = [];
  try {
    entries = await fsp.readdir(BACKUP_DIR, { withFileTypes: true });
  } catch (err) {
    if (err.code === 'ENOENT') return [];
    throw err;
  }
  const out = [];
  for (const e of entries) {
    if (!e.isDirectory()) continue;
    const metaFile = path.join(BACKUP_DIR, e.name, 'backup_config.json');
    let meta = {};
    try {
      meta = JSON.parse(await fsp.readFile(metaFile, 'utf8'));
    } catch {
      continue;
    }
    const stat = await fsp.stat(path.join(BACKUP_DIR, e.name));
    out.push({
      id: e.name,
      classes: (meta.classes || []).map((c) => c.name || c),
      status: meta.status || '?',
      mtime: stat.mtime,
    });
  }
  return out.sort((a, b) => a.mtime - b.mtime);
}

async function list() {
  const backups = await localBackups();
  if (!backups.length) {
    console.log('no backups in .weaviate-backups/');
    return;
  }
  for (const b of backups) {
    console.log(`${b.id.padEnd(28)} ${b.status.padEnd(8)} ${b.mtime.toISOString().slice(0, 16)}  ${b.classes.join(', ')}`);
  }
}

async function restore(flags) {
  const id = flags._[1];
  if (!id) throw new Error('usage: restore <backup-id> [--replace --yes]');
  const backups = await localBackups();
  const backup = backups.find((b) => b.id === id);
  if (!backup) throw new Error(`no local backup ${id}`);
  const existing = new Set(await classNames());
  const clashes = backup.classes.filter((c) => existing.has(c));
  if (clashes.length) {
    if (!flags.replace) {
      throw new Error(`classes already exist: ${clashes.join(', ')} (use --replace to delete them first)`);
    }
    if (!isLocal()) throw new Error(`--replace is only allowed against a local Weaviate, not ${BASE}`);
    if (!flags.yes) {
      console.log(`would delete ${clashes.join(', ')} on ${BASE} before restoring; add --yes`);
      return;
    }
    for (const cls of clashes) {
      await wv('DELETE', `/schema/${encodeURIComponent(cls)}`);
      console.log(`deleted class ${cls}`);
    }
  }
  await wv('POST', `/backups/${BACKEND}/${id}/restore`, {});
  await waitFor('restore', id);
  console.log(`restored ${backup.classes.length} class(es) from ${id}`);
}

async function prune(flags) {
  const keep = Number(flags.keep || 5);
  if (!Number.isInteger(keep) || keep < 1) throw new Error('--keep must be a positive integer');
  const backups = await localBackups();
  const victims = backups.slice(0, Math.max(0, backups.length - keep));
  for (const b of victims) {
    const dir = path.join(BACKUP_DIR, b.id);
    if (path.dirname(dir) !== BACKUP_DIR) throw new Error(`unexpected backup path ${dir}`);
    await fsp.rm(dir, { recursive: true, force: true });
    console.log(`pruned ${b.id}`);
  }
  console.log(`${backups.length - victims.length} backup(s) kept`);
}

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  const cmd = flags._[0];
  const ready = await fetch(`${BASE}/v1/.well-known/ready`).catch(() => null);
  if (!ready || !ready.ok) throw new Error(`Weaviate at ${BASE} is not ready`);
  switch (cmd) {
    case 'create':
      await create(flags);
      break;
    case 'list':
      await list();
      break;
    case 'restore':
      await restore(flags);
      break;
    case 'prune':
      await prune(flags);
      break;
    default:
      console.log('usage: weaviate-backup.js create|list|restore|prune');
      process.exitCode = 2;
  }
}

main().catch((err) => {
  console.error(`weaviate-backup: ${err.message}`);
  process.exitCode = 1;
});
