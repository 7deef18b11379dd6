#!/usr/bin/env node
// Pin the web app's production build on IPFS (local kubo node) and record the CID.
//
//   node scripts/ipfs-pin-build.js            # add + pin dist/, write dist.cid
//   node scripts/ipfs-pin-build.js --check    # verify the recorded CID via ipfs.io
//   node scripts/ipfs-pin-build.js --gc-old   # unpin builds older than the last 5
//
// Uses the kubo RPC API on 127.0.0.1:5001 (multipart upload with wrap-with-directory).
// The build is public: it is the same bundle served from the website. Source maps and
// dotfiles are excluded from the upload as a precaution.
import { readdir, readFile, writeFile, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const RPC = process.env.IPFS_RPC || 'http://127.0.0.1:5001/api/v0';
const GATEWAY = 'https://ipfs.io/ipfs';
const LEDGER = path.join(ROOT, 'ipfs-builds.json');
const EXCLUDE = [/\.map$/, /(^|\/)\./, /\.env/, /\.DS_Store$/];

function assertLocalRpc(url) {
  // The RPC API is an admin interface (it can add, pin and delete content);
  // never point this script at a remote node.
  const { hostname } = new URL(url);
  if (!['127.0.0.1', 'localhost'].includes(hostname)) {
    throw new Error(`IPFS_RPC must point at the local node, got ${url}`);
  }
}

async function rpc(endpoint, params = {}, body) {
  const qs = new URLSearchParams(params).toString();
  const res = await fetch(`${RPC}/${endpoint}${qs ? `?${qs}` : ''}`, { method: 'POST', body });
  if (!res.ok) throw new Error(`${endpoint}: HTTP ${res.status} ${await res.text()}`);
  return res;
}

async function* files(dir, base = dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const rel = path.relative(base, full).split(path.sep).join('/');
    if (EXCLUDE.some((re) => re.test(rel))) continue;
    if (entry.isDirectory()) yield* files(full, base);
    else yield { full, rel };
  }
}

async function addBuild() {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('dist/index.html missing; run npm run build');
  const form = new FormData();
  let count = 0;
  let bytes = 0;
  for await (const f of files(DIST)) {
    const data = await readFile(f.full);
    form.append('file', new Blob([data]), `dist/${f.rel}`);
    count++;
    bytes += data.length;
  }
  const res = await rpc('add', {
    'wrap-with-directory': 'false',
    'cid-version': '1',
    'raw-leaves': 'true',
    pin: 'false',
    quieter: 'true',
  }, form);
  const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l));
  const root = lines.find((l) => l.Name === 'dist');
  if (!root) throw new Error('kubo did not return a root for dist/');
  return { cid: root.Hash, count, bytes };
}

async function pin(cid) {
  await rpc('pin/add', { arg: cid, progress: 'false' });
}

async function readLedger() {
  if (!existsSync(LEDGER)) return [];
  return JSON.parse(await readFile(LEDGER, 'utf8'));
}

async function writeLedger(entries) {
  const tmp = `${LEDGER}.tmp`;
  await writeFile(tmp, JSON.stringify(entries, null, 2) + '\n');
  const { rename } = await import('node:fs/promises');
  await rename(tmp, LEDGER);
}

async function gitRevision() {
  const head = path.join(ROOT, '.git', 'HEAD');
  if (!existsSync(head)) return 'unknown';
  const ref = (await readFile(head, 'utf8')).trim();
  if (!ref.startsWith('ref: ')) return ref.slice(0, 12);
  const refFile = path.join(ROOT, '.git', ref.slice(5));
  return existsSync(refFile) ? (await readFile(refFile, 'utf8')).trim().slice(0, 12) : 'unknown';
}

async function check() {
  const cid = (await readFile(path.join(ROOT, 'dist.cid'), 'utf8')).trim();
  const url = `${GATEWAY}/${cid}/index.html`;
  for (let attempt = 1; attempt <= 6; attempt++) {
    try {
      const res = await fetch(url, { method: 'HEAD', redirect: 'follow' });
      if (res.ok) {
        console.log(`gateway serves ${cid} (HTTP ${res.status})`);
        return;
      }
    } catch { /* retry */ }
    const wait = 5000 * attempt;
    console.error(`not yet available on the gateway, retry in ${wait / 1000}s`);
    await new Promise((r) => setTimeout(r, wait));
  }
  throw new Error(`${url} not reachable`);
}

async function gcOld(keep = 5) {
  const ledger = await readLedger();
  const old = ledger.slice(0, Math.max(0, ledger.length - keep));
  for (const entry of old) {
    try {
      await rpc('pin/rm', { arg: entry.cid });
      console.log(`unpinned ${entry.cid} (${entry.revision}, ${entry.date})`);
    } catch (err) {
      console.error(`could not unpin ${entry.cid}: ${err.message}`);
    }
  }
  await writeLedger(ledger.slice(old.length));
  if (old.length) await rpc('repo/gc', { quiet: 'true' });
}

async function listBuilds() {
  // Show recorded builds and whether the local node still has them pinned.
  const ledger = await readLedger();
  if (!ledger.length) {
    console.log('no builds recorded yet');
    return;
  }
  const res = await rpc('pin/ls', { type: 'recursive' });
  const pinned = new Set(Object.keys((await res.json()).Keys || {}));
  for (const e of ledger) {
    const state = pinned.has(e.cid) ? 'pinned' : 'NOT PINNED';
    const mb = (e.bytes / 1e6).toFixed(1).padStart(6);
    console.log(`${e.date.slice(0, 16)}  ${e.revision.padEnd(12)}  ${mb} MB  ${state.padEnd(10)}  ${e.cid}`);
  }
}

function checkBundleSize(bytes, limitMb = Number(process.env.IPFS_BUILD_LIMIT_MB || 50)) {
  // An accidental inclusion of test fixtures or videos shows up as a size jump.
  if (bytes / 1e6 > limitMb) {
    throw new Error(`build is ${(bytes / 1e6).toFixed(1)} MB, above the ${limitMb} MB limit; check dist/`);
  }
}

async function main() {
  assertLocalRpc(RPC);
  const mode = process.argv[2] || 'pin';
  if (mode === '--list') return listBuilds();
  if (mode === '--check') return check();
  if (mode === '--gc-old') return gcOld(Number(process.argv[3]) || 5);
  const id = await (await rpc('id')).json();
  console.error(`kubo ${id.AgentVersion} peer ${id.ID.slice(0, 12)}…`);
  const { cid, count, bytes } = await addBuild();
  checkBundleSize(bytes);
  await pin(cid);
  const revision = await gitRevision();
  const ledger = await readLedger();
  if (!ledger.some((e) => e.cid === cid)) {
    ledger.push({ cid, revision, date: new Date().toISOString(), files: count, bytes });
    await writeLedger(ledger);
  }
  await writeFile(path.join(ROOT, 'dist.cid'), `${cid}\n`);
  const size = (await stat(path.join(ROOT, 'dist.cid'))).size;
  console.log(`pinned ${count} files (${(bytes / 1e6).toFixed(1)} MB) as ${cid}`);
  console.log(`gateway: ${GATEWAY}/${cid}/  (dist.cid ${size} bytes)`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
