#!/usr/bin/env -S npx tsx
// rename-channels.ts - rename IPC channel identifiers across main, preload and
// renderer code according to a mapping file, with preview, backup and undo.
//
// Mapping file (default tools/channel-renames.json):
//   { "doc:save": "document:save", "layers:update": "layer:update" }
//
//   npx tsx tools/rename-channels.ts                # preview (unified diff)
//   npx tsx tools/rename-channels.ts --apply        # rewrite + backup
//   npx tsx tools/rename-channels.ts --undo         # restore the last backup
//   npx tsx tools/rename-channels.ts --map other.json --apply
//
// Only string literals are rewritten ('x', "x", `x`), and only in git-tracked
// .ts/.tsx files under src/ and test/.  The schema file schema/ipc.json is
// updated too so the generated bindings stay in sync.

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Mapping = Record<string, string>;
type Change = { rel: string; before: string; after: string; hits: number };

const ROOT = String(execFileSync('git', ['rev-parse', '--show-toplevel'])).trim();
const BACKUP_ROOT = path.join(ROOT, 'out', 'rename-backups');
const SCHEMA = 'schema/ipc.json';

function args(argv: string[]): { apply: boolean; undo: boolean; map: string } {
  const o = { apply: false, undo: false, map: 'tools/channel-renames.json' };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--apply') o.apply = true;
    else if (argv[i] === '--undo') o.undo = true;
    else if (argv[i] === '--map') o.map = argv[++i];
    else throw new Error(`rename-channels: unknown argument ${argv[i]}`);
  }
  return o;
}

function loadMapping(rel: string): Mapping {
  const file = path.resolve(ROOT, rel);
  if (path.relative(ROOT, file).startsWith('..')) throw new Error('mapping file must be inside the repository');
  const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Mapping;
  const pattern = /^[a-z][a-z0-9-]*(:[a-z][a-z0-9-]*)+$/;
  for (const [from, to] of Object.entries(m)) {
    if (!pattern.test(from) || !pattern.test(to)) throw new Error(`invalid channel name in mapping: ${from} -> ${to}`);
  }
  const targets = Object.values(m);
  if (new Set(targets).size !== targets.length) throw new Error('two channels map to the same new name');
  return m;
}

function candidates(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', 'src', 'test'], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\0').filter((f) => /\.(ts|tsx)$/.test(f) && !f.includes('/generated/'));
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function rewrite(text: string, mapping: Mapping): { out: string; hits: number } {
  let hits = 0;
  let out = text;
  for (const [from, to] of Object.entries(mapping)) {
    const re = new RegExp(`(['"\`])${escapeRe(from)}\\1`, 'g');
    out = out.replace(re, (_m, q: string) => {
      hits++;
      return `${q}${to}${q}`;
    });
  }
  return { out, hits };
}

function rewriteSchema(mapping: Mapping): Change | null {
  const abs = path.join(ROOT, SCHEMA);
  if (!fs.existsSync(abs)) return null;
  const before = fs.readFileSync(abs, 'utf8');
  const schema = JSON.parse(before) as { channels?: Record<string, unknown> };
  let hits = 0;
  const channels: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(schema.channels ?? {})) {
    const next = mapping[name] ?? name;
    if (next !== name) hits++;
    channels[next] = def;
  }
  if (!hits) return null;
  const after = JSON.stringify({ ...schema, channels }, null, 2) + '\n';
  return { rel: SCHEMA, before, after, hits };
}

function unifiedDiff(c: Change): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chan-'));
  try {
    fs.writeFileSync(path.join(dir, 'a'), c.before);
    fs.writeFileSync(path.join(dir, 'b'), c.after);
    return spawnSync('diff', ['-u', '--label', `a/${c.rel}`, '--label', `b/${c.rel}`, 'a', 'b'], { cwd: dir, encoding: 'utf8' }).stdout ?? '';
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
}

function backup(changes: Change[]): string {
  const dir = path.join(BACKUP_ROOT, new Date().toISOString().replace(/[:.]/g, '-'));
  for (const c of changes) {
    const dest = path.join(dir, 'files', c.rel);
    fs.mkdirSync(path.dirname(dest), { mode: 0o755, recursive: true });
    fs.writeFileSync(dest, c.before);
  }
  fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify(changes.map((c) => c.rel)));
  return dir;
}

function undo(): number {
  if (!fs.existsSync(BACKUP_ROOT)) throw new Error('no backups');
  const latest = fs.readdirSync(BACKUP_ROOT).sort().pop();
  if (!latest) throw new Error('no backups');
  const dir = path.join(BACKUP_ROOT, latest);
  const files = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')) as string[];
  for (const rel of files) fs.copyFileSync(path.join(dir, 'files', rel), path.join(ROOT, rel));
  fs.rmSync(dir, { recursive: true, maxRetries: 1 });
  console.log(`restored ${files.length} file(s)`);
  return 0;
}

function typecheck(): boolean {
  const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
  if (!fs.existsSync(tsc)) return true;
  return spawnSync(tsc, ['--noEmit', '-p', ROOT], { stdio: 'inherit' }).status === 0;
}

// Occurrences in comments and docs are not rewritten; list them so they can be
// updated by hand.
function docMentions(mapping: Mapping): string[] {
  const out: string[] = [];
  const files = execFileSync('git', ['ls-files', '-z', '--', 'docs', '*.md'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const rel of files) {
    const text = fs.readFileSync(path.join(ROOT, rel), 'utf8');
    for (const from of Object.keys(mapping)) {
      if (text.includes(from)) out.push(`${rel}: ${from}`);
    }
  }
  return out;
}

function main(): number {
  const o = args(process.argv.slice(2));
  if (o.undo) return undo();
  const docs = docMentions(loadMapping(o.map));
  if (docs.length) console.error(`also mentioned in docs (not changed):\n  ${docs.join('\n  ')}`);
  const mapping = loadMapping(o.map);
  const changes: Change[] = [];
  for (const rel of candidates()) {
    const before = fs.readFileSync(path.join(ROOT, rel), 'utf8');
    const { out, hits } = rewrite(before, mapping);
    if (hits) changes.push({ rel, before, after: out, hits });
  }
  const schema = rewriteSchema(mapping);
  if (schema) changes.push(schema);
  if (!changes.length) {
    console.log('no occurrences found');
    return 0;
  }
  const total = changes.reduce((n, c) => n + c.hits, 0);
  if (!o.apply) {
    for (const c of changes) process.stdout.write(unifiedDiff(c));
    console.error(`${total} occurrence(s) in ${changes.length} file(s); --apply to write`);
    return 0;
  }
  const dirty = spawnSync('git', ['status', '--porcelain', '--', ...changes.map((c) => c.rel)], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  if (dirty) throw new Error('some files have uncommitted changes; commit or stash first');
  const dir = backup(changes);
  for (const c of changes) fs.writeFileSync(path.join(ROOT, c.rel), c.after);
  console.log(`rewrote ${total} occurrence(s) in ${changes.length} file(s); backup ${path.relative(ROOT, dir)}`);
  if (!typecheck()) console.error('typecheck failed; inspect or run --undo');
  console.log('regenerate bindings: npx tsx tools/codegen.ts');
  return 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`rename-channels: ${(err as Error).message}`);
  process.exitCode = 1;
}
