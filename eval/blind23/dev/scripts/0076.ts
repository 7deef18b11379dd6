#!/usr/bin/env -S npx tsx
// crash-collect.ts - collect and symbolize crashes of the desktop app's native
// helper (build/helper) and its test binaries, on Linux (gdb) and macOS (lldb).
//
//   npx tsx tools/crash-collect.ts                 # scan + symbolize + report
//   npx tsx tools/crash-collect.ts --since 12h
//   npx tsx tools/crash-collect.ts --open-issue    # GitHub issue (GITHUB_TOKEN)
//
// Only cores whose executable is one of ours are processed.  Debuggers are run
// with argv arrays (no shell) and a timeout; raw cores copied out of
// systemd-coredump are deleted after symbolization unless --keep.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const BUILD = path.join(ROOT, 'build');
const REPORTS = path.join(BUILD, 'crash-reports');
const EXPORTED = path.join(REPORTS, 'exported-cores');
const OURS = ['helper', 'helper_tests', 'ipc_fuzz_replay'] as const;
type OurExe = (typeof OURS)[number];

interface Options {
  sinceMs: number;
  openIssue: boolean;
  keep: boolean;
  timeoutMs: number;
}

interface Crash {
  core: string;
  exe: string;
  mtime: number;
  frames: string[];
  signature: string;
}

function parseOptions(argv: string[]): Options {
  const opts: Options = { sinceMs: 3 * 86_400_000, openIssue: false, keep: false, timeoutMs: 120_000 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--since') {
      const m = /^(\d+)(h|d)$/.exec(argv[++i] ?? '');
      if (!m) throw new Error('--since takes e.g. 12h or 2d');
      opts.sinceMs = Number(m[1]) * (m[2] === 'h' ? 3_600_000 : 86_400_000);
    } else if (a === '--open-issue') {
      opts.openIssue = true;
    } else if (a === '--keep') {
      opts.keep = true;
    } else if (a === '--timeout') {
      opts.timeoutMs = Number(argv[++i]) * 1000;
    } else {
      throw new Error(`unknown option ${a}`);
    }
  }
  return opts;
}

const log = (msg: string): void => {
  process.stderr.write(`[crash-collect] ${msg}\n`);
};

function isOurs(name: string): name is OurExe {
  return (OURS as readonly string[]).includes(name);
}

async function which(tool: string): Promise<boolean> {
  try {
    await run('sh', ['-c', 'command -v "$1"', 'sh', tool]);
    return true;
  } catch {
    return false;
  }
}

async function localCores(cutoff: number): Promise<Array<Pick<Crash, 'core' | 'exe' | 'mtime'>>> {
  const dirs = [BUILD, path.join(BUILD, 'tests'), path.join(os.homedir(), 'Library', 'Logs', 'DiagnosticReports')];
  const found: Array<Pick<Crash, 'core' | 'exe' | 'mtime'>> = [];
  for (const dir of dirs.slice(0, 2)) {
    if (!existsSync(dir)) continue;
    for (const name of await readdir(dir)) {
      if (!name.startsWith('core')) continue;
      const full = path.join(dir, name);
      const st = await stat(full);
      if (!st.isFile() || st.mtimeMs < cutoff) continue;
      const exeName = name.split('.')[1] ?? '';
      if (!isOurs(exeName)) {
        log(`skip ${name}: not one of ${OURS.join(', ')}`);
        continue;
      }
      found.push({ core: full, exe: path.join(BUILD, exeName), mtime: st.mtimeMs });
    }
  }
  return found;
}

async function coredumpctlCores(cutoff: number): Promise<Array<Pick<Crash, 'core' | 'exe' | 'mtime'>>> {
  if (process.platform !== 'linux' || !(await which('coredumpctl'))) return [];
  const found: Array<Pick<Crash, 'core' | 'exe' | 'mtime'>> = [];
  for (const name of OURS) {
    const exe = path.join(BUILD, name);
    if (!existsSync(exe)) continue;
    let stdout = '';
    try {
      ({ stdout } = await run('coredumpctl', ['--no-pager', '--json=short', 'list', exe]));
    } catch {
      continue;
    }
    const entries = JSON.parse(stdout || '[]') as Array<{ pid: number; time: number; corefile: string }>;
    for (const e of entries) {
      const ts = e.time / 1000;
      if (ts < cutoff || e.corefile !== 'present') continue;
      await mkdir(EXPORTED, { recursive: true });
      const target = path.join(EXPORTED, `core.${name}.${e.pid}`);
      await run('coredumpctl', ['dump', String(e.pid), '-o', target]).catch(() => undefined);
      if (existsSync(target)) found.push({ core: target, exe, mtime: ts });
    }
  }
  return found;
}

async function symbolize(core: string, exe: string, timeout: number): Promise<string> {
  const useLldb = process.platform === 'darwin' || !(await which('gdb'));
  const argv = useLldb
    ? ['lldb', ['--batch', '-o', 'thread backtrace all', '-c', core, exe]]
    : ['gdb', ['-q', '-nx', '-batch', '-ex', 'set pagination off', '-ex', 'thread apply all bt 30', exe, core]];
  try {
    const { stdout } = await run(argv[0] as string, argv[1] as string[], { timeout, maxBuffer: 64 << 20 });
    return stdout;
  } catch (err) {
    const e = err as { stdout?: string; message: string };
    return `${e.stdout ?? ''}\n<debugger failed: ${e.message}>`;
  }
}

function extractFrames(out: string): string[] {
  return out
    .split('\n')
    .filter((l) => /^\s*(#\d+|frame #\d+)/.test(l))
    .map((l) => l.trim())
    .slice(0, 40);
}

function signatureOf(frames: string[]): string {
  const names = frames.slice(0, 3).map((f) => {
    const m = /(?:in |`)([A-Za-z_][\w:<>~]*)/.exec(f);
    return m ? m[1] : '?';
  });
  return createHash('sha1').update(names.join('|')).digest('hex').slice(0, 12);
}

function markdown(crashes: Crash[], stamp: string): string {
  const groups = new Map<string, Crash[]>();
  for (const c of crashes) groups.set(c.signature, [...(groups.get(c.signature) ?? []), c]);
  const out = [`# Crash report ${stamp}`, '', `${crashes.length} crash(es), ${groups.size} signature(s)`, ''];
  for (const [sig, list] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    out.push(`## ${sig} (${path.basename(list[0].exe)}, x${list.length})`, '', '```');
    out.push(...(list[0].frames.length ? list[0].frames.slice(0, 20) : ['<no frames>']), '```', '');
    for (const c of list) out.push(`- ${path.relative(ROOT, c.core)}`);
    out.push('');
  }
  return out.join('\n');
}

async function openIssue(body: string, stamp: string): Promise<void> {
  const token = process.env.GITHUB_TOKEN;
  const repo = process.env.GITHUB_REPOSITORY ?? 'relay-dev/relay-desktop';
  if (!token) {
    log('GITHUB_TOKEN not set; skipping issue');
    return;
  }
  const res = await fetch(`https://api.github.com/repos/${repo}/issues`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/vnd.github+json',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ title: `Native helper crashes ${stamp}`, body: body.slice(0, 60_000), labels: ['crash'] }),
  });
  log(res.ok ? `issue created (HTTP ${res.status})` : `issue creation failed: HTTP ${res.status}`);
}

async function main(): Promise<number> {
  const opts = parseOptions(process.argv.slice(2));
  const cutoff = Date.now() - opts.sinceMs;
  const raw = [...(await localCores(cutoff)), ...(await coredumpctlCores(cutoff))];
  if (!raw.length) {
    log('no crashes of our executables in the window');
    return 0;
  }
  const crashes: Crash[] = [];
  for (const r of raw) {
    log(`symbolizing ${path.basename(r.core)}`);
    const out = await symbolize(r.core, r.exe, opts.timeoutMs);
    const frames = extractFrames(out);
    crashes.push({ ...r, frames, signature: signatureOf(frames) });
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  await mkdir(REPORTS, { recursive: true });
  const md = markdown(crashes, stamp);
  const file = path.join(REPORTS, `${stamp}.md`);
  await writeFile(file, md);
  log(`report: ${path.relative(ROOT, file)}`);
  if (opts.openIssue) await openIssue(md, stamp);
  if (!opts.keep && existsSync(EXPORTED)) {
    await rm(EXPORTED, { recursive: true, force: true });
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    log(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
