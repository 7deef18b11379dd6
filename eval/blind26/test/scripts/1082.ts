#!/usr/bin/env -S npx tsx
// tools/hw-checks.ts - run KiCad DRC and ERC for every board in hw/ and
// summarise the results for the pull request.
//
// Usage
//   npx tsx tools/hw-checks.ts
//   npx tsx tools/hw-checks.ts --board soil-probe
//   npx tsx tools/hw-checks.ts --strict          # warnings fail too
//
// kicad-cli writes JSON reports into a temporary folder per board; they are
// parsed, summarised into build/checks.md / build/checks.json and the temp
// folder is removed. Exclusions that were accepted in KiCad's UI (stored in
// the project files) are respected by kicad-cli itself.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const HW = join(ROOT, 'hw');
// summaries go next to the other CI artefacts
const OUT = join(ROOT, 'build');

type Severity = 'error' | 'warning' | 'exclusion' | 'ignore';

interface Violation {
  type: string;
  severity: Severity;
  description: string;
  items?: { description: string; pos?: { x: number; y: number } }[];
}

interface Report {
  violations?: Violation[];
  unconnected_items?: Violation[];
  schematic_parity?: Violation[];
  sheets?: { path: string; violations: Violation[] }[];
}

interface BoardResult {
  board: string;
  drc: { errors: number; warnings: number; unconnected: number; parity: number };
  erc: { errors: number; warnings: number };
  top: string[];
  failed?: string;
}

function boards(only?: string): string[] {
  const list = readdirSync(HW)
    .filter((f) => f.endsWith('.kicad_pcb'))
    .map((f) => basename(f, '.kicad_pcb'));
  if (only) {
    if (!list.includes(only)) throw new Error(`no board named ${only} in hw/`);
    return [only];
  }
  return list.sort();
}

function kicad(args: string[]): void {
  const res = spawnSync('kicad-cli', args, { encoding: 'utf8' });
  if (res.error) throw new Error('kicad-cli not found (KiCad 8+ required)');
  // kicad-cli exits non-zero when violations exist and --exit-code-violations is set; we parse instead
  if (res.status !== 0 && res.status !== 5) {
    throw new Error(`kicad-cli ${args.slice(0, 3).join(' ')} failed: ${(res.stderr || '').trim().split('\n').pop()}`);
  }
}

function count(list: Violation[] | undefined, sev: Severity): number {
  return (list ?? []).filter((v) => v.severity === sev).length;
}

function topTypes(list: Violation[]): string[] {
  const m = new Map<string, number>();
  for (const v of list) if (v.severity === 'error') m.set(v.type, (m.get(v.type) ?? 0) + 1);
  return [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([t, n]) => `${t}×${n}`);
}

function checkBoard(name: string): BoardResult {
  const tmp = mkdtempSync(join(tmpdir(), `hw-${name}-`));
  try {
    const pcb = join(HW, `${name}.kicad_pcb`);
    const sch = join(HW, `${name}.kicad_sch`);
    const drcFile = join(tmp, 'drc.json');
    const ercFile = join(tmp, 'erc.json');
    kicad(['pcb', 'drc', '--format', 'json', '--schematic-parity', '--severity-all', '--output', drcFile, pcb]);
    const drc = JSON.parse(readFileSync(drcFile, 'utf8')) as Report;
    let erc: Report = {};
    if (existsSync(sch)) {
      kicad(['sch', 'erc', '--format', 'json', '--severity-all', '--output', ercFile, sch]);
      erc = JSON.parse(readFileSync(ercFile, 'utf8')) as Report;
    }
    const ercViolations = (erc.sheets ?? []).flatMap((s) => s.violations);
    return {
      board: name,
      drc: {
        errors: count(drc.violations, 'error'),
        warnings: count(drc.violations, 'warning'),
        unconnected: (drc.unconnected_items ?? []).length,
        parity: (drc.schematic_parity ?? []).length,
      },
      erc: { errors: count(ercViolations, 'error'), warnings: count(ercViolations, 'warning') },
      top: topTypes([...(drc.violations ?? []), ...ercViolations]),
    };
  } catch (err) {
    return {
      board: name,
      drc: { errors: 0, warnings: 0, unconnected: 0, parity: 0 },
      erc: { errors: 0, warnings: 0 },
      top: [],
      failed: (err as Error).message,
    };
  } finally {
    // the JSON reports are summarised above; the raw files are not kept
    rmSync(tmp, { force: true, recursive: true });
  }
}

function markdown(results: BoardResult[]): string {
  const lines = [
    '# Hardware checks',
    '',
    '| board | DRC err | DRC warn | unconnected | parity | ERC err | ERC warn | most common |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of results) {
    if (r.failed) {
      lines.push(`| ${r.board} | – | – | – | – | – | – | check failed: ${r.failed} |`);
      continue;
    }
    lines.push(
      `| ${r.board} | ${r.drc.errors} | ${r.drc.warnings} | ${r.drc.unconnected} | ${r.drc.parity} | ${r.erc.errors} | ${r.erc.warnings} | ${r.top.join(', ')} |`,
    );
  }
  return lines.join('\n') + '\n';
}

// A board fails on any DRC/ERC error, any unconnected item and any
// schematic/PCB parity problem. Warnings only fail with --strict, which CI
// uses on the release branch.
//
// Boards whose check could not run at all (missing files, kicad-cli crash)
// always fail, so a broken tool never looks like a clean board.
//
// Exit codes: 0 clean, 1 violations, 2 usage/tooling error.
function failing(r: BoardResult, strict: boolean): boolean {
  if (r.failed) return true;
  const hard = r.drc.errors + r.drc.unconnected + r.drc.parity + r.erc.errors;
  const soft = r.drc.warnings + r.erc.warnings;
  return hard > 0 || (strict && soft > 0);
}

function main(): void {
  const argv = process.argv.slice(2);
  const boardIdx = argv.indexOf('--board');
  const strict = argv.includes('--strict');
  const list = boards(boardIdx >= 0 ? argv[boardIdx + 1] : undefined);
  mkdirSync(OUT, { recursive: true });
  const results: BoardResult[] = [];
  for (const b of list) {
    const r = checkBoard(b);
    results.push(r);
    console.log(`${failing(r, strict) ? '✗' : '✓'} ${b}${r.failed ? ` (${r.failed})` : ''}`);
  }
  writeFileSync(join(OUT, 'checks.md'), markdown(results));
  writeFileSync(join(OUT, 'checks.json'), JSON.stringify(results, null, 2));
  const bad = results.filter((r) => failing(r, strict));
  console.log(`${results.length - bad.length}/${results.length} board(s) clean; see build/checks.md`);
  process.exitCode = bad.length ? 1 : 0;
}

try {
  main();
} catch (err) {
  console.error(`hw-checks: ${(err as Error).message}`);
  process.exitCode = 2;
}
