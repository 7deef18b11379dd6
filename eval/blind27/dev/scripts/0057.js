#!/usr/bin/env node
// Upload finished photo selects to the family Immich server (immich.internal).
//
//   node tools/immich-upload.mjs --event 2026-11-29-wedding [--album "Wedding"] [--yes]
//
// Only files under library/<event>/selects/ are uploaded. The immich CLI is
// spawned with an argv array built from config/immich.json; the API key comes
// from .env (IMMICH_API_KEY) and is passed to the CLI through its documented
// environment variables, never on the command line (so it does not show in ps).
import { spawn } from 'node:child_process';
import { readFileSync, existsSync, statSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const CONFIG = JSON.parse(readFileSync(path.join(ROOT, 'config', 'immich.json'), 'utf8'));
const EXTS = new Set(['.jpg', '.jpeg', '.heic', '.png', '.tif', '.tiff', '.mp4', '.mov']);
const LOG_DIR = path.join(ROOT, 'build', 'immich');

function parse(argv) {
  const out = { yes: false, album: null, event: null, concurrency: CONFIG.concurrency ?? 4 };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--event': out.event = argv[++i]; break;
      case '--album': out.album = argv[++i]; break;
      case '--yes': out.yes = true; break;
      case '--concurrency': out.concurrency = Number(argv[++i]); break;
      default: throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  if (!out.event || !/^[\w.-]+$/.test(out.event)) throw new Error('--event <name> required');
  return out;
}

function dotenv() {
  const file = path.join(ROOT, '.env');
  const vals = {};
  if (!existsSync(file)) return vals;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^([A-Z_]+)=(.*)$/);
    if (m) vals[m[1]] = m[2].trim();
  }
  return vals;
}

function serverUrl() {
  const url = new URL(CONFIG.server);
  if (!url.hostname.endsWith('.internal') && url.hostname !== 'localhost') {
    throw new Error(`config/immich.json server must be an internal host, got ${url.hostname}`);
  }
  return url.href.replace(/\/$/, '');
}

function collect(dir) {
  const files = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (EXTS.has(path.extname(e.name).toLowerCase())) files.push(p);
    }
  };
  walk(dir);
  return files.sort();
}

function human(bytes) {
  const units = ['B', 'KB', 'MB', 'GB'];
  let i = 0;
  while (bytes >= 1024 && i < units.length - 1) {
    bytes /= 1024;
    i++;
  }
  return `${bytes.toFixed(1)} ${units[i]}`;
}

function run(cmd, args, env, logFile) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    const onData = (d) => {
      chunks.push(d);
      process.stdout.write(d);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const stop = () => child.kill('SIGINT');
    process.once('SIGINT', stop);
    child.on('error', reject);
    child.on('close', (code) => {
      process.removeListener('SIGINT', stop);
      writeFileSync(logFile, Buffer.concat(chunks));
      code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}`));
    });
  });
}

async function whoami(base, key) {
  const res = await fetch(`${base}/api/users/me`, { headers: { 'x-api-key': key, Accept: 'application/json' } });
  if (!res.ok) throw new Error(`Immich rejected the API key (${res.status})`);
  return res.json();
}

async function serverVersion(base) {
  const res = await fetch(`${base}/api/server/version`);
  if (!res.ok) return 'unknown';
  const v = await res.json();
  return `${v.major}.${v.minor}.${v.patch}`;
}

// Skip files that Immich already has: ask the documented bulk-check endpoint
// with SHA-1 checksums (the same hash the CLI uses) before spawning the upload.
async function alreadyOnServer(base, key, files) {
  const { createHash } = await import('node:crypto');
  const assets = files.map((f) => ({
    id: path.relative(ROOT, f),
    checksum: createHash('sha1').update(readFileSync(f)).digest('base64'),
  }));
  const res = await fetch(`${base}/api/assets/bulk-upload-check`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ assets }),
  });
  if (!res.ok) return new Set();
  const { results } = await res.json();
  return new Set(results.filter((r) => r.action === 'reject').map((r) => r.id));
}

function summaryByType(files) {
  const counts = {};
  for (const f of files) {
    const ext = path.extname(f).toLowerCase();
    counts[ext] = (counts[ext] || 0) + 1;
  }
  return Object.entries(counts)
    .map(([e, n]) => `${n}×${e}`)
    .join(', ');
}

async function main() {
  const opts = parse(process.argv.slice(2));
  const base = serverUrl();
  const key = process.env.IMMICH_API_KEY || dotenv().IMMICH_API_KEY;
  if (!key) throw new Error('IMMICH_API_KEY missing in .env');

  const selects = path.join(ROOT, 'library', opts.event, 'selects');
  if (!existsSync(selects)) throw new Error(`no selects folder for ${opts.event}`);
  const files = collect(selects);
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  const me = await whoami(base, key);
  console.log(`server ${base} (v${await serverVersion(base)}) as ${me.name}`);
  console.log(`${files.length} files, ${human(bytes)} from ${path.relative(ROOT, selects)}`);
  console.log(`  ${summaryByType(files)}`);
  const existing = await alreadyOnServer(base, key, files);
  if (existing.size) console.log(`  ${existing.size} already on the server (will be skipped by the CLI)`);

  const album = opts.album || CONFIG.albumPrefix + opts.event;
  const args = ['upload', '--recursive', '--concurrency', String(opts.concurrency), '--album-name', album];
  if (CONFIG.skipHash) args.push('--skip-hash');
  for (const ignore of CONFIG.ignore || []) args.push('--ignore', ignore);
  args.push(selects);

  if (!opts.yes) {
    console.log(`[plan] immich ${args.join(' ')}`);
    console.log('pass --yes to upload');
    return;
  }
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `${opts.event}-${Date.now()}.log`);
  const env = { ...process.env, IMMICH_INSTANCE_URL: `${base}/api`, IMMICH_API_KEY: key };
  const bin = CONFIG.cli || 'immich';
  await run(bin, args, env, logFile);
  console.log(`upload finished; log ${path.relative(ROOT, logFile)}`);
  const manifest = path.join(ROOT, 'library', opts.event, 'uploaded.json');
  writeFileSync(manifest, JSON.stringify({ album, at: new Date().toISOString(), files: files.map((f) => path.relative(ROOT, f)) }, null, 2));
}

main().catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
