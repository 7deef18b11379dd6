#!/usr/bin/env -S npx tsx
// tools/asset-index.ts - build assets/index.json, the catalogue of the shared
// Blender asset library (objects, materials, node groups per .blend file).
//
// Usage
//   npx tsx tools/asset-index.ts            # only files changed since last run
//   npx tsx tools/asset-index.ts --all
//   npx tsx tools/asset-index.ts --jobs 4
//
// For each .blend under assets/, Blender runs headless with the project's
// tools/list_assets.py (`blender -b <file> --python tools/list_assets.py`),
// which prints one JSON line with the marked assets. Each child has a
// timeout; on timeout or Ctrl-C only the Blender processes started here are
// killed. The index is written atomically.

import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const ASSETS = join(ROOT, 'assets');
const INDEX = join(ASSETS, 'index.json');
const LISTER = join(ROOT, 'tools', 'list_assets.py');
const BLENDER = process.env.BLENDER_BIN || 'blender';
const TIMEOUT_MS = 120_000;

interface AssetEntry {
  name: string;
  kind: 'object' | 'material' | 'node_group' | 'world' | 'collection';
  tags: string[];
  description: string;
}

interface FileEntry {
  file: string;
  sha1: string;
  mtime: number;
  assets: AssetEntry[];
  error?: string;
}

interface IndexFile {
  generated: string;
  blender: string | null;
  files: Record<string, FileEntry>;
}

const children = new Set<ChildProcess>();

function killChildren(): void {
  for (const c of children) c.kill('SIGKILL');
  children.clear();
}

process.on('SIGINT', () => {
  console.error('\ninterrupted; stopping Blender');
  killChildren();
  process.exit(130);
});

function blendFiles(dir: string): string[] {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    const list = readdirSync(d, { withFileTypes: true });
    for (const e of list) {
      if (e.name.startsWith('.')) continue;
      const p = join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.name.endsWith('.blend')) out.push(p);
    }
  }
  return out.sort();
}

function sha1(file: string): string {
  return createHash('sha1').update(readFileSync(file)).digest('hex');
}

function loadIndex(): IndexFile {
  if (!existsSync(INDEX)) return { generated: '', blender: null, files: {} };
  return JSON.parse(readFileSync(INDEX, 'utf8')) as IndexFile;
}

function saveIndex(index: IndexFile): void {
  const tmp = `${INDEX}.tmp`;
  writeFileSync(tmp, JSON.stringify(index, null, 2) + '\n');
  renameSync(tmp, INDEX);
}

function listAssets(file: string): Promise<AssetEntry[]> {
  return new Promise<AssetEntry[]>((resolvePromise, reject) => {
    const child = spawn(BLENDER, ['-b', file, '--factory-startup', '--python', LISTER], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      if (signal) return reject(new Error(`killed (${signal})`));
      const line = stdout.split('\n').find((l) => l.startsWith('ASSETS '));
      if (code !== 0 || !line) return reject(new Error(stderr.trim().split('\n').slice(-1)[0] || `exit ${code}`));
      resolvePromise(JSON.parse(line.slice('ASSETS '.length)) as AssetEntry[]);
    });
  });
}

function blenderVersion(): Promise<string | null> {
  return new Promise((res) => {
    const c = spawn(BLENDER, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    c.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    c.on('error', () => res(null));
    c.on('close', () => res(out.split('\n')[0]?.trim() || null));
  });
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let cursor = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    for (let i = cursor++; i < items.length; i = cursor++) results[i] = await fn(items[i]);
  });
  await Promise.all(lanes);
  return results;
}

function summary(index: IndexFile): string {
  const counts: Record<string, number> = {};
  let errors = 0;
  for (const f of Object.values(index.files)) {
    if (f.error) errors++;
    for (const a of f.assets) counts[a.kind] = (counts[a.kind] ?? 0) + 1;
  }
  const parts = Object.entries(counts).map(([k, v]) => `${v} ${k}(s)`);
  return `${Object.keys(index.files).length} file(s): ${parts.join(', ') || 'no assets'}${errors ? `, ${errors} error(s)` : ''}`;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const all = argv.includes('--all');
  const jobsIdx = argv.indexOf('--jobs');
  const jobs = jobsIdx >= 0 ? Number(argv[jobsIdx + 1]) : 2;
  if (!existsSync(LISTER)) throw new Error('tools/list_assets.py missing');
  const version = await blenderVersion();
  if (!version) throw new Error(`${BLENDER} not found`);

  const index = loadIndex();
  const files = blendFiles(ASSETS);
  const present = new Set(files.map((f) => relative(ROOT, f)));
  for (const key of Object.keys(index.files)) if (!present.has(key)) delete index.files[key];

  const todo = files.filter((f) => {
    const key = relative(ROOT, f);
    const prev = index.files[key];
    return all || !prev || prev.mtime !== statSync(f).mtimeMs || index.blender !== version;
  });
  console.log(`${version}; ${todo.length} of ${files.length} file(s) to scan`);

  await mapLimit(todo, Math.max(1, jobs), async (file) => {
    const key = relative(ROOT, file);
    const entry: FileEntry = { file: key, sha1: sha1(file), mtime: statSync(file).mtimeMs, assets: [] };
    try {
      entry.assets = await listAssets(file);
      console.log(`✓ ${key} (${entry.assets.length})`);
    } catch (err) {
      entry.error = (err as Error).message;
      console.log(`✗ ${key}: ${entry.error}`);
    }
    index.files[key] = entry;
  });

  index.generated = new Date().toISOString();
  index.blender = version;
  saveIndex(index);
  console.log(summary(index));
}

main().catch((err: Error) => {
  console.error(`asset-index: ${err.message}`);
  killChildren();
  process.exitCode = 1;
});
