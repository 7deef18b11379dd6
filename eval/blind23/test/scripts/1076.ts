#!/usr/bin/env -S npx tsx
// minidumps.ts - symbolize crash dumps of the lumen desktop app from local runs.
//
// lumen's main process starts Crashpad with its database in
// out/crashpad/ (see src/main/crash.ts), so every crash of *our* app during
// development and e2e tests lands there as a .dmp file.  This tool:
//
//   1. lists pending dumps in out/crashpad/{pending,completed},
//   2. makes sure Breakpad symbols for our own binaries exist in out/symbols
//      (generated with `dump_syms` from the build output, never downloaded),
//   3. runs `minidump_stackwalk` on each dump (argv array, timeout),
//   4. groups crashes by the crashing thread's top frames and writes
//      out/crash-triage/report.md (+ .json).
//
//   npx tsx tools/minidumps.ts
//   npx tsx tools/minidumps.ts --since 2d --delete-processed
//   npx tsx tools/minidumps.ts --issue            # GitHub issue via GITHUB_TOKEN

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileP = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CRASHPAD = path.join(ROOT, 'out', 'crashpad');
const SYMBOLS = path.join(ROOT, 'out', 'symbols');
const REPORT_DIR = path.join(ROOT, 'out', 'crash-triage');
const BINARIES = ['out/app/lumen', 'out/app/libnative_bridge.so', 'out/app/lumen-helper'];

interface Options {
  sinceMs: number;
  deleteProcessed: boolean;
  issue: boolean;
}

interface Dump {
  file: string;
  mtime: number;
  size: number;
}

interface Crash {
  dump: string;
  reason: string;
  address: string;
  frames: string[];
  module: string;
}

function options(argv: string[]): Options {
  const o: Options = { sinceMs: 7 * 86_400_000, deleteProcessed: false, issue: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--since') {
      const m = /^(\d+)([hd])$/.exec(argv[++i] ?? '');
      if (!m) throw new Error('--since expects NNh or NNd');
      o.sinceMs = Number(m[1]) * (m[2] === 'h' ? 3_600_000 : 86_400_000);
    } else if (a === '--delete-processed') {
      o.deleteProcessed = true;
    } else if (a === '--issue') {
      o.issue = true;
    } else {
      throw new Error(`unknown option ${a}`);
    }
  }
  return o;
}

function log(message: string): void {
  process.stderr.write(`[minidumps] ${message}\n`);
}

async function pendingDumps(cutoff: number): Promise<Dump[]> {
  const out: Dump[] = [];
  for (const sub of ['pending', 'completed']) {
    const dir = path.join(CRASHPAD, sub);
    if (!existsSync(dir)) continue;
    for (const name of await readdir(dir)) {
      if (!name.endsWith('.dmp')) continue;
      const file = path.join(dir, name);
      const st = await stat(file);
      if (st.mtimeMs >= cutoff) out.push({ file, mtime: st.mtimeMs, size: st.size });
    }
  }
  return out.sort((a, b) => b.mtime - a.mtime);
}

async function tool(name: string): Promise<boolean> {
  try {
    await execFileP('sh', ['-c', 'command -v "$1"', 'sh', name]);
    return true;
  } catch {
    return false;
  }
}

async function ensureSymbols(): Promise<void> {
  if (!(await tool('dump_syms'))) {
    log('dump_syms not found; stacks will show raw offsets');
    return;
  }
  for (const rel of BINARIES) {
    const bin = path.join(ROOT, rel);
    if (!existsSync(bin)) continue;
    const { stdout } = await execFileP('dump_syms', [bin], { maxBuffer: 512 << 20 });
    const header = stdout.split('\n', 1)[0].split(' ');
    const [, , , id, name] = header;
    if (!id || !name) continue;
    const dir = path.join(SYMBOLS, name, id);
    const target = path.join(dir, `${name}.sym`);
    if (existsSync(target)) continue;
    await mkdir(dir, { recursive: true });
    await writeFile(target, stdout);
    log(`symbols for ${name} (${id})`);
  }
}

function parseStackwalk(dump: string, text: string): Crash {
  const lines = text.split('\n');
  const reason = lines.find((l) => l.startsWith('Crash reason:'))?.slice(13).trim() ?? 'unknown';
  const address = lines.find((l) => l.startsWith('Crash address:'))?.slice(14).trim() ?? '?';
  const start = lines.findIndex((l) => /^Thread \d+ \(crashed\)/.test(l));
  const frames: string[] = [];
  if (start >= 0) {
    for (let i = start + 1; i < lines.length && frames.length < 25; i++) {
      const m = /^\s*\d+\s+(.+)$/.exec(lines[i]);
      if (m) frames.push(m[1].trim());
      else if (/^Thread \d+/.test(lines[i])) break;
    }
  }
  const module = /^([^!]+)!/.exec(frames[0] ?? '')?.[1] ?? 'unknown';
  return { dump: path.relative(ROOT, dump), reason, address, frames, module };
}

async function stackwalk(dump: Dump): Promise<Crash> {
  try {
    const { stdout } = await execFileP('minidump_stackwalk', [dump.file, SYMBOLS], {
      timeout: 120_000,
      maxBuffer: 64 << 20,
    });
    return parseStackwalk(dump.file, stdout);
  } catch (err) {
    const e = err as { message: string; stdout?: string };
    return { ...parseStackwalk(dump.file, e.stdout ?? ''), reason: `stackwalk failed: ${e.message}` };
  }
}

function signature(c: Crash): string {
  const key = c.frames
    .slice(0, 3)
    .map((f) => f.replace(/\s*\+\s*0x[0-9a-f]+/gi, '').replace(/\s*\[.*\]$/, ''))
    .join('|');
  return createHash('md5').update(`${c.reason}|${key}`).digest('hex').slice(0, 10);
}

function renderMarkdown(groups: Map<string, Crash[]>): string {
  const out: string[] = ['# lumen crash triage', '', `generated ${new Date().toISOString()}`, ''];
  const sorted = [...groups.entries()].sort((a, b) => b[1].length - a[1].length);
  for (const [sig, crashes] of sorted) {
    const c = crashes[0];
    out.push(`## ${sig} - ${c.reason} in ${c.module} (${crashes.length})`, '', '```');
    out.push(...(c.frames.length ? c.frames.slice(0, 15) : ['<no frames>']));
    out.push('```', '');
    for (const x of crashes) out.push(`- ${x.dump}`);
    out.push('');
  }
  return out.join('\n');
}

async function fileIssue(body: string): Promise<void> {
  const token = process.env.GITHUB_TOKEN;
  const repo = process.env.GITHUB_REPOSITORY ?? 'lumen-app/lumen';
  if (!token) {
    log('GITHUB_TOKEN not set; not filing an issue');
    return;
  }
  const issuesUrl = `https://api.github.com/repos/${repo}/issues`;
  const res = await fetch(issuesUrl, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/vnd.github+json',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ title: 'Crash triage (local runs)', body: body.slice(0, 60_000), labels: ['crash'] }),
  });
  log(res.ok ? 'issue filed' : `issue failed: HTTP ${res.status}`);
}

async function main(): Promise<number> {
  const o = options(process.argv.slice(2));
  if (!(await tool('minidump_stackwalk'))) {
    log('minidump_stackwalk is required (breakpad tools)');
    return 2;
  }
  const dumps = await pendingDumps(Date.now() - o.sinceMs);
  if (!dumps.length) {
    log('no dumps in out/crashpad for the selected window');
    return 0;
  }
  await ensureSymbols();
  const groups = new Map<string, Crash[]>();
  for (const d of dumps) {
    log(`stackwalk ${path.basename(d.file)} (${(d.size / 1024).toFixed(0)} KiB)`);
    const crash = await stackwalk(d);
    const sig = signature(crash);
    groups.set(sig, [...(groups.get(sig) ?? []), crash]);
  }
  await mkdir(REPORT_DIR, { recursive: true });
  const md = renderMarkdown(groups);
  await writeFile(path.join(REPORT_DIR, 'report.md'), md);
  await writeFile(path.join(REPORT_DIR, 'report.json'), JSON.stringify(Object.fromEntries(groups), null, 2));
  log(`${dumps.length} dump(s) -> ${groups.size} signature(s); out/crash-triage/report.md`);
  if (o.issue) await fileIssue(md);
  if (o.deleteProcessed) {
    for (const d of dumps) await rm(d.file, { force: true });
    log(`deleted ${dumps.length} processed dump(s) from out/crashpad`);
  }
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    log(err instanceof Error ? err.stack ?? err.message : String(err));
    process.exit(2);
  },
);
