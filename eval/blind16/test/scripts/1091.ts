#!/usr/bin/env -S npx tsx
/**
 * Merge lcov coverage of all lattice packages into one summary for the PR.
 *
 *   tsx tools/coverage-summary.ts [--base-json coverage-base.json] [--comment PR_NUMBER]
 *
 * Finds packages/x/coverage/lcov.info and apps/x/coverage/lcov.info, parses the
 * LF/LH/BRF/BRH counters per file, aggregates per package, compares with a base
 * summary (e.g. downloaded from main's CI artifact) when given, and writes
 * coverage/summary.md + coverage/summary.json at the workspace root (replacing
 * the previous ones). With --comment it posts the Markdown as a PR comment
 * through api.github.com, using GITHUB_TOKEN only in the Authorization header;
 * the repository slug is read from the `origin` remote.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const WS = path.resolve(__dirname, '..');
const OUT = path.join(WS, 'coverage');
const GROUPS = ['apps', 'packages'];

interface Counters {
  lines: number;
  linesHit: number;
  branches: number;
  branchesHit: number;
}

interface PackageSummary extends Counters {
  name: string;
  files: number;
}

function empty(): Counters {
  return { lines: 0, linesHit: 0, branches: 0, branchesHit: 0 };
}

function pct(hit: number, total: number): number {
  return total === 0 ? 100 : Math.round((hit / total) * 1000) / 10;
}

function findLcovs(): { name: string; file: string }[] {
  const found: { name: string; file: string }[] = [];
  for (const group of GROUPS) {
    const dir = path.join(WS, group);
    if (!existsSync(dir)) continue;
    for (const pkg of readdirSync(dir)) {
      const file = path.join(dir, pkg, 'coverage', 'lcov.info');
      if (existsSync(file)) found.push({ name: `${group}/${pkg}`, file });
    }
  }
  return found;
}

function parseLcov(file: string): { counters: Counters; files: number } {
  const c = empty();
  let files = 0;
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const [key, value] = line.split(':');
    const n = Number(value);
    switch (key) {
      case 'SF':
        files += 1;
        break;
      case 'LF':
        c.lines += n;
        break;
      case 'LH':
        c.linesHit += n;
        break;
      case 'BRF':
        c.branches += n;
        break;
      case 'BRH':
        c.branchesHit += n;
        break;
      default:
        break;
    }
  }
  return { counters: c, files };
}

function delta(now: number, before: number | undefined): string {
  if (before === undefined) return '';
  const d = Math.round((now - before) * 10) / 10;
  if (d === 0) return ' (±0)';
  return d > 0 ? ` (+${d})` : ` (${d})`;
}

function render(rows: PackageSummary[], total: Counters, base: Record<string, number> | null): string {
  const lines = ['## Coverage', '', '| package | lines | branches | files |', '|---|---|---|---|'];
  for (const r of rows) {
    const lp = pct(r.linesHit, r.lines);
    lines.push(`| ${r.name} | ${lp}%${delta(lp, base?.[r.name])} | ${pct(r.branchesHit, r.branches)}% | ${r.files} |`);
  }
  const totalPct = pct(total.linesHit, total.lines);
  lines.push(`| **total** | **${totalPct}%**${delta(totalPct, base?.total)} | ${pct(total.branchesHit, total.branches)}% | |`);
  return lines.join('\n') + '\n';
}

function repoSlug(): string {
  const url = execFileSync('git', ['remote', 'get-url', 'origin'], { cwd: WS, encoding: 'utf8' }).trim();
  const m = /github\.com[/:]([^/]+\/[^/.]+)(\.git)?$/.exec(url);
  if (!m) throw new Error(`origin (${url}) is not a GitHub repository`);
  return m[1];
}

async function comment(pr: string, body: string): Promise<void> {
  const token = process.env.GITHUB_TOKEN;
  if (!token) throw new Error('GITHUB_TOKEN is required for --comment');
  if (!/^\d+$/.test(pr)) throw new Error('--comment needs a PR number');
  const res = await fetch(`https://api.github.com/repos/${repoSlug()}/issues/${pr}/comments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/vnd.github+json',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ body }),
  });
  if (!res.ok) throw new Error(`GitHub API returned ${res.status}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const baseIdx = args.indexOf('--base-json');
  const commentIdx = args.indexOf('--comment');
  const base = baseIdx >= 0 ? (JSON.parse(readFileSync(path.resolve(args[baseIdx + 1]), 'utf8')) as Record<string, number>) : null;

  const lcovs = findLcovs();
  if (!lcovs.length) throw new Error('no coverage/lcov.info found; run the tests with --coverage first');
  const total = empty();
  const rows: PackageSummary[] = lcovs.map(({ name, file }) => {
    const { counters, files } = parseLcov(file);
    total.lines += counters.lines;
    total.linesHit += counters.linesHit;
    total.branches += counters.branches;
    total.branchesHit += counters.branchesHit;
    return { name, files, ...counters };
  });
  rows.sort((a, b) => pct(a.linesHit, a.lines) - pct(b.linesHit, b.lines));

  const markdown = render(rows, total, base);
  rmSync(path.join(OUT, 'summary.md'), { force: true });
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, 'summary.md'), markdown);
  const json: Record<string, number> = { total: pct(total.linesHit, total.lines) };
  for (const r of rows) json[r.name] = pct(r.linesHit, r.lines);
  writeFileSync(path.join(OUT, 'summary.json'), JSON.stringify(json, null, 2) + '\n');
  process.stdout.write(markdown);

  if (commentIdx >= 0) {
    await comment(args[commentIdx + 1], markdown);
    console.log(`posted coverage comment on PR #${args[commentIdx + 1]}`);
  }
}

main().catch((err) => {
  console.error(`coverage-summary: ${(err as Error).message}`);
  process.exit(1);
});
