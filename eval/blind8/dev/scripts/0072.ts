#!/usr/bin/env -S npx tsx
// Download pinned WASM artefacts listed in wasm.lock.json into vendor/wasm and verify them.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';

interface LockEntry { name: string; url: string; sha256: string }

const LOCK = 'wasm.lock.json';
const DEST = 'vendor/wasm';
const ALLOWED_HOSTS = new Set(['github.com', 'objects.githubusercontent.com', 'registry.npmjs.org']);

function sha256(buf: Buffer): string {
  return createHash('sha256').update(buf).digest('hex');
}

function readLock(): LockEntry[] {
  const entries = JSON.parse(readFileSync(LOCK, 'utf8')) as LockEntry[];
  for (const e of entries) {
    const host = new URL(e.url).hostname;
    if (!ALLOWED_HOSTS.has(host)) throw new Error(`${e.name}: host ${host} not in allow list`);
    if (!/^[a-f0-9]{64}$/.test(e.sha256)) throw new Error(`${e.name}: bad checksum in lock file`);
  }
  return entries;
}

async function fetchOne(e: LockEntry): Promise<'cached' | 'downloaded'> {
  const target = join(DEST, e.name);
  if (existsSync(target) && sha256(readFileSync(target)) === e.sha256) return 'cached';
  const res = await fetch(e.url, { redirect: 'follow' });
  if (!res.ok) throw new Error(`${e.name}: HTTP ${res.status}`);
  const buf = Buffer.from(await res.arrayBuffer());
  const got = sha256(buf);
  if (got !== e.sha256) throw new Error(`${e.name}: checksum mismatch (${got})`);
  const tmp = `${target}.part`;
  writeFileSync(tmp, buf);
  renameSync(tmp, target);
  return 'downloaded';
}

async function main(): Promise<void> {
  mkdirSync(DEST, { recursive: true });
  const entries = readLock();
  let failures = 0;
  for (const e of entries) {
    try {
      console.log(`${e.name.padEnd(32)} ${await fetchOne(e)}`);
    } catch (err) {
      failures++;
      console.error((err as Error).message);
    }
  }
  if (failures) process.exit(1);
  console.log(`${entries.length} artefacts verified in ${DEST}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
