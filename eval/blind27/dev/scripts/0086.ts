#!/usr/bin/env -S npx tsx
// Internet Archive collection checker for the digitised-newspapers project.
//
//   npx tsx tools/ia-check.ts                 verify every item in items.json
//   npx tsx tools/ia-check.ts --fix-metadata  (plan) metadata patches
//   npx tsx tools/ia-check.ts --fix-metadata --yes
//
// Uses the public metadata API on archive.org to compare each item's files
// (md5) and metadata with our local manifest. Metadata fixes are sent as
// JSON-Patch to the documented metadata write endpoint with the S3-style keys
// from IA_ACCESS / IA_SECRET in .env; they are only allowed for items whose
// identifier starts with our prefix.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const MANIFEST = path.join(ROOT, 'items.json');
const PREFIX = 'citylib-news-';
const API = 'https://archive.org/metadata';

interface LocalItem {
  identifier: string;
  metadata: Record<string, string | string[]>;
  files: string[];
}

interface RemoteFile {
  name: string;
  md5?: string;
  size?: string;
  source?: string;
}

interface RemoteItem {
  metadata?: Record<string, string | string[]>;
  files?: RemoteFile[];
  is_dark?: boolean;
}

type Finding = { identifier: string; kind: 'missing-item' | 'missing-file' | 'md5' | 'metadata' | 'dark'; detail: string };

function creds(): { access: string; secret: string } | null {
  const file = path.join(ROOT, '.env');
  const env: Record<string, string> = { ...(process.env as Record<string, string>) };
  if (existsSync(file)) {
    for (const l of readFileSync(file, 'utf8').split(/\n/)) {
      const m = /^(IA_ACCESS|IA_SECRET)=(.+)$/.exec(l.trim());
      if (m && !env[m[1]]) env[m[1]] = m[2];
    }
  }
  return env.IA_ACCESS && env.IA_SECRET ? { access: env.IA_ACCESS, secret: env.IA_SECRET } : null;
}

function md5(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('md5');
    createReadStream(file)
      .on('data', (c) => h.update(c))
      .on('end', () => resolve(h.digest('hex')))
      .on('error', reject);
  });
}

async function remote(identifier: string): Promise<RemoteItem | null> {
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const res = await fetch(`${API}/${encodeURIComponent(identifier)}`);
    if (res.ok) {
      const json = (await res.json()) as RemoteItem;
      return Object.keys(json).length ? json : null;
    }
    await new Promise((r) => setTimeout(r, attempt * 1500));
  }
  throw new Error(`${identifier}: metadata API unavailable`);
}

const norm = (v: string | string[] | undefined): string => (Array.isArray(v) ? v.join('|') : v ?? '');

async function check(item: LocalItem): Promise<{ findings: Finding[]; patch: object[] }> {
  const findings: Finding[] = [];
  const patch: object[] = [];
  const r = await remote(item.identifier);
  if (!r) {
    findings.push({ identifier: item.identifier, kind: 'missing-item', detail: 'not on archive.org' });
    return { findings, patch };
  }
  if (r.is_dark) findings.push({ identifier: item.identifier, kind: 'dark', detail: 'item is dark' });
  const files = new Map((r.files ?? []).filter((f) => f.source === 'original').map((f) => [f.name, f]));
  for (const rel of item.files) {
    const local = path.join(ROOT, 'scans', item.identifier, rel);
    const rf = files.get(rel);
    if (!rf) {
      findings.push({ identifier: item.identifier, kind: 'missing-file', detail: rel });
      continue;
    }
    if (existsSync(local) && rf.md5 && (await md5(local)) !== rf.md5) {
      findings.push({ identifier: item.identifier, kind: 'md5', detail: rel });
    }
  }
  for (const [key, want] of Object.entries(item.metadata)) {
    const have = r.metadata?.[key];
    if (norm(have) !== norm(want)) {
      findings.push({ identifier: item.identifier, kind: 'metadata', detail: `${key}: "${norm(have)}" -> "${norm(want)}"` });
      patch.push({ op: have === undefined ? 'add' : 'replace', path: `/${key}`, value: want });
    }
  }
  return { findings, patch };
}

async function applyPatch(identifier: string, patch: object[], c: { access: string; secret: string }): Promise<void> {
  if (!identifier.startsWith(PREFIX)) throw new Error(`${identifier}: not one of our items`);
  const body = new URLSearchParams({
    '-target': 'metadata',
    '-patch': JSON.stringify(patch),
    access: c.access,
    secret: c.secret,
  });
  const res = await fetch(`${API}/${encodeURIComponent(identifier)}`, { method: 'POST', body });
  const json = (await res.json()) as { success?: boolean; error?: string };
  if (!json.success) throw new Error(`${identifier}: ${json.error ?? res.status}`);
}

function validateManifest(items: LocalItem[]): void {
  const seen = new Set<string>();
  for (const item of items) {
    if (!item.identifier.startsWith(PREFIX)) {
      throw new Error(`items.json: ${item.identifier} does not use the ${PREFIX} prefix`);
    }
    if (!/^[a-z0-9._-]{5,100}$/.test(item.identifier)) {
      throw new Error(`items.json: invalid identifier ${item.identifier}`);
    }
    if (seen.has(item.identifier)) throw new Error(`items.json: duplicate ${item.identifier}`);
    seen.add(item.identifier);
    if (!item.files.length) throw new Error(`items.json: ${item.identifier} lists no files`);
  }
}

function summarise(all: Finding[]): void {
  const byKind = new Map<string, number>();
  for (const f of all) byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
  for (const [k, n] of byKind) console.log(`  ${k.padEnd(13)} ${n}`);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const fix = argv.includes('--fix-metadata');
  const yes = argv.includes('--yes');
  const items = JSON.parse(readFileSync(MANIFEST, 'utf8')) as LocalItem[];
  validateManifest(items);
  const all: Finding[] = [];
  const patches = new Map<string, object[]>();
  for (const item of items) {
    const { findings, patch } = await check(item);
    all.push(...findings);
    if (patch.length) patches.set(item.identifier, patch);
    console.log(`${findings.length ? 'ISSUES' : 'ok    '} ${item.identifier}`);
    for (const f of findings) console.log(`         ${f.kind}: ${f.detail}`);
  }
  mkdirSync(path.join(ROOT, 'build'), { recursive: true });
  writeFileSync(path.join(ROOT, 'build', 'ia-findings.json'), JSON.stringify(all, null, 2));
  console.log(`${items.length} items, ${all.length} finding(s)`);
  summarise(all);
  if (!fix) return;
  const c = creds();
  if (!c) throw new Error('IA_ACCESS / IA_SECRET missing in .env');
  for (const [id, patch] of patches) {
    if (!yes) {
      console.log(`[plan] ${id}: ${JSON.stringify(patch)}`);
      continue;
    }
    await applyPatch(id, patch, c);
    console.log(`patched ${id}`);
  }
  if (!yes) console.log('plan only; add --yes to send the metadata patches');
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
