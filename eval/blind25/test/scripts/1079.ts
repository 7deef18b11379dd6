// tools/latex-errors.ts - turn LaTeX/biber logs into editor-friendly diagnostics.
//
//   tsx tools/latex-errors.ts out/thesis.log [out/thesis.blg]   human-readable list
//   tsx tools/latex-errors.ts --json out/thesis.log              JSON for the editor task
//   tsx tools/latex-errors.ts --build                            run latexmk first (no shell escape)
//
// Parses the file:line:error format (-file-line-error), overfull/underfull box
// warnings, undefined references/citations, missing-character warnings and
// biber's WARN/ERROR lines. Only reads the logs it is given; --build writes
// into out/ via latexmk like the normal build.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const DOC_ROOT = path.resolve(__dirname, '..');

type Severity = 'error' | 'warning' | 'info';

interface Diagnostic {
  severity: Severity;
  file: string;
  line: number | null;
  message: string;
  source: 'latex' | 'biber' | 'box';
}

const FILE_LINE_ERROR = /^(\.\/|\/)?([^:\s]+\.(?:tex|sty|cls)):(\d+): (.*)$/;
const BOX = /^(Overfull|Underfull) \\([hv])box \((.*?)\) (?:in paragraph |detected )?at lines? (\d+)/;
const UNDEF = /^LaTeX Warning: (Reference|Citation) [`']([^']+)' on page (\d+) undefined on input line (\d+)/;
const MISSING_CHAR = /^Missing character: There is no (.+) in font (.+)!$/;
const BIBER = /^(WARN|ERROR) - (.*)$/;

function currentFileTracker(): (line: string) => string {
  // LaTeX logs open files with "(" and close with ")"; approximate the stack
  const stack: string[] = [];
  return (line: string) => {
    const opens = line.match(/\((\.\/[^\s()]+\.tex)/g) ?? [];
    for (const o of opens) stack.push(o.slice(1));
    const closes = (line.match(/\)/g) ?? []).length;
    for (let i = 0; i < closes && stack.length > 1; i++) stack.pop();
    return stack[stack.length - 1] ?? 'main.tex';
  };
}

function parseLatexLog(text: string, boxes: boolean): Diagnostic[] {
  const out: Diagnostic[] = [];
  const track = currentFileTracker();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const file = track(line);
    let m = FILE_LINE_ERROR.exec(line);
    if (m) {
      out.push({ severity: 'error', file: m[2], line: Number(m[3]), message: m[4], source: 'latex' });
      continue;
    }
    m = UNDEF.exec(line);
    if (m) {
      out.push({ severity: 'warning', file, line: Number(m[4]), message: `${m[1]} '${m[2]}' undefined (page ${m[3]})`, source: 'latex' });
      continue;
    }
    m = MISSING_CHAR.exec(line);
    if (m) {
      out.push({ severity: 'warning', file, line: null, message: `missing character ${m[1]} in ${m[2]}`, source: 'latex' });
      continue;
    }
    if (boxes) {
      m = BOX.exec(line);
      if (m) {
        out.push({ severity: 'info', file, line: Number(m[4]), message: `${m[1]} ${m[2]}box (${m[3]})`, source: 'box' });
      }
    }
  }
  return out;
}

function parseBiberLog(text: string): Diagnostic[] {
  return text
    .split('\n')
    .map((l) => BIBER.exec(l.replace(/^\[\d+\] \S+ /, '')))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({
      severity: m[1] === 'ERROR' ? 'error' : 'warning',
      file: 'refs/library.bib',
      line: null,
      message: m[2],
      source: 'biber',
    }));
}

function dedupe(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.severity}|${d.file}|${d.line}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function build(): boolean {
  const res = spawnSync(
    'latexmk',
    ['-pdf', '-interaction=nonstopmode', '-file-line-error', '-outdir=out', 'thesis.tex'],
    { cwd: DOC_ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return res.status === 0;
}

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

function byFile(list: Diagnostic[]): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  for (const d of list) out.set(d.file, [...(out.get(d.file) ?? []), d]);
  return out;
}

function printSummary(list: Diagnostic[]): void {
  // one line per source file: counts by severity, worst first
  const rows = [...byFile(list)].map(([file, ds]) => ({
    file,
    errors: ds.filter((d) => d.severity === 'error').length,
    warnings: ds.filter((d) => d.severity === 'warning').length,
    info: ds.filter((d) => d.severity === 'info').length,
  }));
  rows.sort((a, b) => b.errors - a.errors || b.warnings - a.warnings || b.info - a.info);
  const w = Math.max(10, ...rows.map((r) => r.file.length));
  console.log(`${'file'.padEnd(w)}  errors  warnings  boxes`);
  for (const r of rows) {
    console.log(`${r.file.padEnd(w)}  ${String(r.errors).padStart(6)}  ${String(r.warnings).padStart(8)}  ${String(r.info).padStart(5)}`);
  }
}

function undefinedKeys(list: Diagnostic[]): string[] {
  const keys = new Set<string>();
  for (const d of list) {
    const m = /^(?:Reference|Citation) '([^']+)' undefined/.exec(d.message);
    if (m) keys.add(m[1]);
  }
  return [...keys].sort();
}

function printHuman(list: Diagnostic[]): void {
  const sorted = [...list].sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
  for (const d of sorted) {
    const where = d.line ? `${d.file}:${d.line}` : d.file;
    console.log(`${d.severity.padEnd(7)} ${where}: ${d.message}`);
  }
  const counts = sorted.reduce<Record<Severity, number>>((acc, d) => ({ ...acc, [d.severity]: acc[d.severity] + 1 }), { error: 0, warning: 0, info: 0 });
  console.log(`\n${counts.error} error(s), ${counts.warning} warning(s), ${counts.info} box note(s)`);
}

function main(): void {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const boxes = !args.includes('--no-boxes');
  let files = args.filter((a) => !a.startsWith('--'));
  if (args.includes('--build')) {
    const ok = build();
    if (!ok) console.error('latexmk reported errors; parsing the log');
    files = ['out/thesis.log', 'out/thesis.blg'];
  }
  if (!files.length) {
    console.error('usage: latex-errors.ts [--json] [--build] LOG [BLG]');
    process.exit(2);
  }
  const diagnostics: Diagnostic[] = [];
  for (const f of files) {
    const abs = path.resolve(DOC_ROOT, f);
    if (!existsSync(abs)) continue;
    const text = readFileSync(abs, 'latin1');
    diagnostics.push(...(abs.endsWith('.blg') ? parseBiberLog(text) : parseLatexLog(text, boxes)));
  }
  const list = dedupe(diagnostics);
  if (json) process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
  else if (args.includes('--summary')) printSummary(list);
  else printHuman(list);
  const missing = undefinedKeys(list);
  if (missing.length && !json) console.log(`undefined keys: ${missing.join(', ')}`);
  process.exitCode = list.some((d) => d.severity === 'error') ? 1 : 0;
}

main();
