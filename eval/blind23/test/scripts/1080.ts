#!/usr/bin/env -S npx tsx
// exec-bits.ts - fix executable bits and extended attributes of the helper
// binaries that lumen bundles (resources/bin/<platform>/*), before packaging.
//
// Problems this addresses:
//   * binaries extracted from zip archives lose their +x bit,
//   * on macOS, downloaded archives leave com.apple.quarantine on every file,
//     which makes Gatekeeper reject the packaged app in local testing,
//   * group/other-writable files break code signing checks.
//
//   npx tsx tools/exec-bits.ts            # report
//   npx tsx tools/exec-bits.ts --fix      # chmod / xattr -d inside resources/ and out/app
//
// Only paths under resources/bin and out/app are examined; both are checked to
// resolve inside the repository before anything is modified.

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

interface Finding {
  file: string;
  issue: 'not-executable' | 'writable-by-others' | 'quarantine' | 'setuid';
  fix: () => void;
}

const ROOT = fs.realpathSync(String(execFileSync('git', ['rev-parse', '--show-toplevel'])).trim());
const SCAN_DIRS = ['resources/bin', 'out/app'];
const ELF = Buffer.from([0x7f, 0x45, 0x4c, 0x46]);
const MACHO = [Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), Buffer.from([0xca, 0xfe, 0xba, 0xbe])];

function resolveInside(rel: string): string | null {
  const abs = path.join(ROOT, rel);
  if (!fs.existsSync(abs)) return null;
  const real = fs.realpathSync(abs);
  const r = path.relative(ROOT, real);
  if (r === '' || r.startsWith('..') || path.isAbsolute(r)) {
    throw new Error(`${rel} resolves outside the repository (${real})`);
  }
  return real;
}

function isBinary(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(4);
    fs.readSync(fd, head, 0, 4, 0);
    return head.equals(ELF) || MACHO.some((m) => head.equals(m));
  } finally {
    fs.closeSync(fd);
  }
}

function hasShebang(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    fs.readSync(fd, head, 0, 2, 0);
    return head.toString() === '#!';
  } finally {
    fs.closeSync(fd);
  }
}

function* files(dir: string): Generator<string> {
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, ent.name);
    if (ent.isSymbolicLink()) continue;
    if (ent.isDirectory()) yield* files(p);
    else if (ent.isFile()) yield p;
  }
}

function quarantined(file: string): boolean {
  if (process.platform !== 'darwin') return false;
  const res = spawnSync('xattr', ['-p', 'com.apple.quarantine', file], { encoding: 'utf8' });
  return res.status === 0;
}

function inspect(file: string): Finding[] {
  const st = fs.statSync(file);
  const mode = st.mode & 0o7777;
  const out: Finding[] = [];
  const executable = isBinary(file) || hasShebang(file);
  if (executable && (mode & 0o111) === 0) {
    out.push({ file, issue: 'not-executable', fix: () => fs.chmodSync(file, mode | 0o755) });
  }
  if (mode & 0o022) {
    out.push({ file, issue: 'writable-by-others', fix: () => fs.chmodSync(file, fs.statSync(file).mode & 0o7755) });
  }
  if (mode & 0o6000) {
    out.push({ file, issue: 'setuid', fix: () => fs.chmodSync(file, fs.statSync(file).mode & 0o1777) });
  }
  if (quarantined(file)) {
    out.push({
      file,
      issue: 'quarantine',
      fix: () => {
        execFileSync('xattr', ['-d', 'com.apple.quarantine', file]);
      },
    });
  }
  return out;
}

function summarise(findings: Finding[]): void {
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(f.issue, (counts.get(f.issue) ?? 0) + 1);
  for (const f of findings.slice(0, 50)) console.log(`${f.issue.padEnd(19)} ${path.relative(ROOT, f.file)}`);
  if (findings.length > 50) console.log(`... and ${findings.length - 50} more`);
  console.log([...counts].map(([k, v]) => `${k}: ${v}`).join(', ') || 'no findings');
}

function signingNote(): void {
  if (process.platform !== 'darwin') return;
  const app = path.join(ROOT, 'out', 'app', 'lumen.app');
  if (!fs.existsSync(app)) return;
  const res = spawnSync('codesign', ['--verify', '--deep', '--strict', app], { encoding: 'utf8' });
  console.log(res.status === 0 ? 'codesign: bundle verifies' : `codesign: ${res.stderr.trim().split('\n')[0]}`);
}

// The packaged app on Linux ships chrome-sandbox, which must be owned by root
// and setuid to work; we never change that (it needs root), we only explain.
function chromeSandboxNote(): void {
  if (process.platform !== 'linux') return;
  const sandbox = path.join(ROOT, 'out', 'app', 'chrome-sandbox');
  if (!fs.existsSync(sandbox)) return;
  const st = fs.statSync(sandbox);
  const ok = st.uid === 0 && (st.mode & 0o4755) === 0o4755;
  if (!ok) {
    console.log('note: out/app/chrome-sandbox is not root-owned setuid; for local runs use --no-sandbox');
    console.log('      (the .deb/.rpm packages set this up at install time)');
  }
}

// Executables tracked in git should carry +x in the index as well, so fresh
// clones on other machines do not reintroduce the problem.
function indexModes(): string[] {
  const out = execFileSync('git', ['ls-files', '-s', '--', 'resources/bin'], { cwd: ROOT, encoding: 'utf8' });
  const wrong: string[] = [];
  for (const line of out.split('\n').filter(Boolean)) {
    const [meta, rel] = line.split('\t');
    const mode = meta.split(' ')[0];
    const abs = path.join(ROOT, rel);
    if (mode === '100644' && fs.existsSync(abs) && (isBinary(abs) || hasShebang(abs))) wrong.push(rel);
  }
  return wrong;
}

function main(): number {
  const fix = process.argv.includes('--fix');
  chromeSandboxNote();
  for (const rel of indexModes()) {
    console.log(`git index lacks +x: ${rel}`);
    if (fix) execFileSync('git', ['update-index', '--chmod=+x', '--', rel], { cwd: ROOT });
  }
  const roots = SCAN_DIRS.map(resolveInside).filter((d): d is string => d !== null);
  if (!roots.length) {
    console.log('nothing to scan (resources/bin and out/app missing)');
    return 0;
  }
  const findings = roots.flatMap((r) => [...files(r)].flatMap(inspect));
  summarise(findings);
  if (!findings.length) return 0;
  if (!fix) {
    console.log('run with --fix to repair');
    return 1;
  }
  for (const f of findings) {
    try {
      f.fix();
    } catch (err) {
      console.error(`could not fix ${path.relative(ROOT, f.file)}: ${(err as Error).message}`);
    }
  }
  const left = roots.flatMap((r) => [...files(r)].flatMap(inspect));
  console.log(`${findings.length - left.length} fixed, ${left.length} remaining`);
  signingNote();
  return left.length ? 1 : 0;
}

process.exitCode = main();
