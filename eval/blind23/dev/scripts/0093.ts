#!/usr/bin/env -S npx tsx
// license-headers.ts - add or update the SPDX/copyright header in source files.
//
//   npx tsx tools/license-headers.ts             # check: list files needing a change
//   npx tsx tools/license-headers.ts --fix       # rewrite, with backup + diff preview
//   npx tsx tools/license-headers.ts --restore   # undo the last --fix
//
// Header format per comment style:
//   // SPDX-License-Identifier: Apache-2.0
//   // Copyright 2021-2025 The Relay Authors
// The year range is extended, never shortened.  Generated and vendored files are
// skipped.  Only files tracked by git are touched.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Style = { line: string } | { open: string; close: string };

interface Plan {
  rel: string;
  before: string;
  after: string;
  reason: 'missing' | 'year';
}

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const BACKUP_DIR = path.join(ROOT, 'build', 'license-backup');
const LICENSE = 'Apache-2.0';
const HOLDER = 'The Relay Authors';
const YEAR = new Date().getFullYear();

const STYLES: Record<string, Style> = {
  '.ts': { line: '//' },
  '.tsx': { line: '//' },
  '.js': { line: '//' },
  '.mjs': { line: '//' },
  '.cpp': { line: '//' },
  '.h': { line: '//' },
  '.py': { line: '#' },
  '.sh': { line: '#' },
  '.css': { open: '/*', close: '*/' },
};

const SKIP = [/^third_party\//, /^vendor\//, /\.generated\./, /^dist\//, /\.d\.ts$/, /(^|\/)__snapshots__\//];
const YEAR_RE = new RegExp(String.raw`Copyright (\d{4})(?:-(\d{4}))? ${HOLDER.replace(/ /g, '\\s+')}`);

function headerLines(style: Style, firstYear: number): string[] {
  const range = firstYear === YEAR ? `${YEAR}` : `${firstYear}-${YEAR}`;
  const body = [`SPDX-License-Identifier: ${LICENSE}`, `Copyright ${range} ${HOLDER}`];
  if ('line' in style) return body.map((b) => `${style.line} ${b}`);
  return [`${style.open}`, ...body.map((b) => ` * ${b}`), ` ${style.close}`];
}

function firstCommitYear(rel: string): number {
  const out = execFileSync('git', ['log', '--diff-filter=A', '--follow', '--format=%ad', '--date=format:%Y', '--', rel], {
    cwd: ROOT,
    encoding: 'utf8',
  }).trim();
  const years = out.split('\n').filter(Boolean).map(Number);
  return years.length ? Math.min(...years) : YEAR;
}

function planFor(rel: string): Plan | null {
  const style = STYLES[path.extname(rel)];
  if (!style) return null;
  const abs = path.join(ROOT, rel);
  const before = fs.readFileSync(abs, 'utf8');
  const head = before.split('\n').slice(0, 12).join('\n');
  const m = YEAR_RE.exec(head);
  if (m) {
    const end = Number(m[2] ?? m[1]);
    if (end >= YEAR) return null;
    const updated = before.replace(YEAR_RE, `Copyright ${m[1]}-${YEAR} ${HOLDER}`);
    return { rel, before, after: updated, reason: 'year' };
  }
  if (head.includes('SPDX-License-Identifier')) return null;
  const lines = before.split('\n');
  const keepFirst = lines[0].startsWith('#!') ? [lines.shift() as string] : [];
  const header = headerLines(style, firstCommitYear(rel));
  const after = [...keepFirst, ...header, '', ...lines].join('\n');
  return { rel, before, after, reason: 'missing' };
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\0')
    .filter((f) => f && !SKIP.some((re) => re.test(f)));
}

function preview(p: Plan): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hdr-'));
  try {
    fs.writeFileSync(path.join(dir, 'a'), p.before);
    fs.writeFileSync(path.join(dir, 'b'), p.after);
    const res = spawnSync('diff', ['-u', '--label', `a/${p.rel}`, '--label', `b/${p.rel}`, 'a', 'b'], {
      cwd: dir,
      encoding: 'utf8',
    });
    return (res.stdout ?? '').split('\n').slice(0, 14).join('\n');
  } finally {
    fs.rmSync(dir, { force: true, recursive: true });
  }
}

function backupAndWrite(plans: Plan[]): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = path.join(BACKUP_DIR, stamp);
  for (const p of plans) {
    const dest = path.join(dir, p.rel);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.writeFileSync(dest, p.before);
    fs.writeFileSync(path.join(ROOT, p.rel), p.after);
  }
  fs.writeFileSync(path.join(dir, 'files.json'), JSON.stringify(plans.map((p) => p.rel), null, 2));
  return dir;
}

function restoreLatest(): number {
  if (!fs.existsSync(BACKUP_DIR)) {
    console.error('no backups');
    return 1;
  }
  const latest = fs.readdirSync(BACKUP_DIR).sort().pop();
  if (!latest) return 1;
  const dir = path.join(BACKUP_DIR, latest);
  const files = JSON.parse(fs.readFileSync(path.join(dir, 'files.json'), 'utf8')) as string[];
  for (const rel of files) fs.copyFileSync(path.join(dir, rel), path.join(ROOT, rel));
  console.log(`restored ${files.length} file(s) from ${path.relative(ROOT, dir)}`);
  return 0;
}

// Files whose header mentions a different license are never rewritten; they
// usually came from elsewhere and need a human decision.
function foreignLicenses(files: string[]): string[] {
  const out: string[] = [];
  for (const rel of files) {
    if (!STYLES[path.extname(rel)]) continue;
    const head = fs.readFileSync(path.join(ROOT, rel), 'utf8').split('\n').slice(0, 12).join('\n');
    const m = /SPDX-License-Identifier:\s*([\w.+-]+)/.exec(head);
    if (m && m[1] !== LICENSE) out.push(`${rel} (${m[1]})`);
  }
  return out;
}

function pruneBackups(keep: number): void {
  if (!fs.existsSync(BACKUP_DIR)) return;
  const stamps = fs.readdirSync(BACKUP_DIR).sort();
  for (const old of stamps.slice(0, Math.max(0, stamps.length - keep))) {
    fs.rmSync(path.join(BACKUP_DIR, old), { recursive: true, force: true });
  }
}

function main(): number {
  const argv = new Set(process.argv.slice(2));
  if (argv.has('--restore')) return restoreLatest();
  const foreign = foreignLicenses(trackedFiles());
  if (foreign.length) {
    console.log(`files under another license (left alone):\n  ${foreign.join('\n  ')}`);
  }
  pruneBackups(5);
  const fix = argv.has('--fix');
  const plans = trackedFiles()
    .map(planFor)
    .filter((p): p is Plan => p !== null);
  if (!plans.length) {
    console.log('all headers up to date');
    return 0;
  }
  const missing = plans.filter((p) => p.reason === 'missing').length;
  console.log(`${plans.length} file(s): ${missing} missing header, ${plans.length - missing} outdated year`);
  if (!fix) {
    for (const p of plans.slice(0, 10)) console.log(preview(p));
    if (plans.length > 10) console.log(`... and ${plans.length - 10} more`);
    console.log('run with --fix to apply');
    return 1;
  }
  const dir = backupAndWrite(plans);
  console.log(`updated ${plans.length} file(s); backup in ${path.relative(ROOT, dir)} (undo with --restore)`);
  return 0;
}

process.exitCode = main();
