#!/usr/bin/env -S npx tsx
// Code ownership report from git history (read-only).
//
//   tsx tools/ownership.ts [--since "12 months ago"] [--path apps/web] [--min-share 0.2] [--codeowners]
//
// Walks `git log --numstat` for the window, attributes added+deleted lines per
// author per top-level directory (two levels for apps/ and packages/), and
// prints the main owners with their share. With --codeowners it prints a
// suggested CODEOWNERS block to stdout (it does not write .github/CODEOWNERS;
// copy what you agree with). Author emails are mapped through .mailmap by git.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();

interface Options {
  since: string;
  scope: string | null;
  minShare: number;
  codeowners: boolean;
  handles: Record<string, string>;
}

type Tally = Map<string, Map<string, number>>;

function parseArgs(argv: string[]): Options {
  const o: Options = { since: '12 months ago', scope: null, minShare: 0.2, codeowners: false, handles: {} };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--since') o.since = argv[++i];
    else if (a === '--path') o.scope = argv[++i];
    else if (a === '--min-share') o.minShare = Number(argv[++i]);
    else if (a === '--codeowners') o.codeowners = true;
    else throw new Error(`unknown argument ${a}`);
  }
  const handlesFile = path.join(ROOT, 'tools', 'github-handles.json');
  if (existsSync(handlesFile)) o.handles = JSON.parse(readFileSync(handlesFile, 'utf8'));
  return o;
}

function gitLog(o: Options): string {
  const args = ['log', '--use-mailmap', '--no-merges', `--since=${o.since}`, '--numstat', '--format=@%aE'];
  if (o.scope) args.push('--', o.scope);
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
}

function areaOf(file: string): string {
  const parts = file.split('/');
  if ((parts[0] === 'apps' || parts[0] === 'packages') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts.length > 1 ? parts[0] : '(root)';
}

function isGenerated(file: string): boolean {
  return /(^|\/)(pnpm-lock\.yaml|package-lock\.json|yarn\.lock)$|\.snap$|(^|\/)__generated__\//.test(file);
}

function tally(log: string): Tally {
  const t: Tally = new Map();
  let author = '';
  for (const line of log.split('\n')) {
    if (line.startsWith('@')) {
      author = line.slice(1).toLowerCase();
      continue;
    }
    const m = /^(\d+|-)\t(\d+|-)\t(.+)$/.exec(line);
    if (!m || !author) continue;
    const [, add, del, rawFile] = m;
    if (add === '-' || del === '-') continue; // binary
    const file = rawFile.includes('=>') ? rawFile.replace(/\{?[^{}]*=> ([^}]*)\}?/, '$1') : rawFile;
    if (isGenerated(file)) continue;
    const area = areaOf(file);
    if (!t.has(area)) t.set(area, new Map());
    const per = t.get(area)!;
    per.set(author, (per.get(author) ?? 0) + Number(add) + Number(del));
  }
  return t;
}

interface AreaOwners {
  area: string;
  total: number;
  owners: { author: string; lines: number; share: number }[];
  busFactor: number;
}

function summarize(t: Tally, minShare: number): AreaOwners[] {
  const out: AreaOwners[] = [];
  for (const [area, per] of t) {
    const total = [...per.values()].reduce((a, b) => a + b, 0);
    const ranked = [...per.entries()]
      .map(([author, lines]) => ({ author, lines, share: lines / total }))
      .sort((a, b) => b.lines - a.lines);
    let acc = 0;
    let bus = 0;
    for (const r of ranked) {
      acc += r.share;
      bus += 1;
      if (acc >= 0.5) break;
    }
    out.push({ area, total, owners: ranked.filter((r) => r.share >= minShare).slice(0, 3), busFactor: bus });
  }
  return out.sort((a, b) => b.total - a.total);
}

function printReport(rows: AreaOwners[], o: Options): void {
  console.log(`ownership since ${o.since}${o.scope ? ` in ${o.scope}` : ''}\n`);
  for (const r of rows) {
    const owners = r.owners.map((x) => `${x.author} ${(x.share * 100).toFixed(0)}%`).join(', ') || '(no dominant owner)';
    const risk = r.busFactor === 1 ? '  ⚠ bus factor 1' : '';
    console.log(`${r.area.padEnd(32)} ${String(r.total).padStart(7)} lines  ${owners}${risk}`);
  }
}

function printCodeowners(rows: AreaOwners[], o: Options): void {
  console.log('\n# suggested CODEOWNERS entries (review before copying)');
  for (const r of rows) {
    if (r.area === '(root)' || !r.owners.length) continue;
    const handles = r.owners.map((x) => o.handles[x.author]).filter(Boolean).map((h) => `@${h}`);
    if (!handles.length) continue;
    console.log(`/${r.area}/ ${handles.join(' ')}`);
  }
}

function existingCodeowners(): Map<string, string> {
  // Compare suggestions with the current file so reviewers see what would change.
  const file = path.join(ROOT, '.github', 'CODEOWNERS');
  const map = new Map<string, string>();
  if (!existsSync(file)) return map;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const t = line.trim();
    if (!t || t.startsWith('#')) continue;
    const [pattern, ...owners] = t.split(/\s+/);
    map.set(pattern.replace(/^\/|\/$/g, ''), owners.join(' '));
  }
  return map;
}

function main(): void {
  const o = parseArgs(process.argv.slice(2));
  const rows = summarize(tally(gitLog(o)), o.minShare);
  const current = existingCodeowners();
  for (const r of rows) {
    if (current.has(r.area)) console.log(`(CODEOWNERS today: /${r.area}/ ${current.get(r.area)})`);
  }
  if (!rows.length) {
    console.log('no commits in the selected window');
    return;
  }
  printReport(rows, o);
  if (o.codeowners) printCodeowners(rows, o);
}

try {
  main();
} catch (err) {
  console.error(`ownership: ${(err as Error).message}`);
  process.exit(1);
}
