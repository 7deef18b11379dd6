#!/usr/bin/env -S npx tsx
// Merge the JUnit XML results of every package into one HTML report.
//
//   tsx tools/test-report.ts [--in "**/junit.xml"] [--out reports/tests] [--open]
//
// Reads JUnit files produced by vitest/jest/pytest across the workspace (found
// with `git ls-files --others --ignored --exclude-standard` plus the known
// report directories), aggregates pass/fail/skip counts per package, lists the
// slowest tests and every failure with its message, and writes index.html and
// summary.json under reports/tests/ (replacing the previous report). --open
// launches the report in the default browser via the OS opener.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';

const ROOT = path.resolve(__dirname, '..');
const SEARCH_DIRS = ['apps', 'packages', 'services'];
const REPORT_NAMES = new Set(['junit.xml', 'test-results.xml', 'pytest-junit.xml']);

interface TestCase {
  pkg: string;
  suite: string;
  name: string;
  time: number;
  status: 'passed' | 'failed' | 'skipped';
  message?: string;
}

function parseArgs(argv: string[]) {
  const o = { out: 'reports/tests', open: false };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--out') o.out = argv[++i];
    else if (argv[i] === '--open') o.open = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return o;
}

function findReports(): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > 5 || !existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('.git')) continue;
      const p = path.join(dir, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p, depth + 1);
      else if (REPORT_NAMES.has(name)) found.push(p);
    }
  };
  for (const d of SEARCH_DIRS) walk(path.join(ROOT, d), 0);
  return found;
}

function packageOf(file: string): string {
  const rel = path.relative(ROOT, file).split(path.sep);
  return rel.length > 1 ? `${rel[0]}/${rel[1]}` : rel[0];
}

function asArray<T>(x: T | T[] | undefined): T[] {
  return x === undefined ? [] : Array.isArray(x) ? x : [x];
}

function parseReport(file: string): TestCase[] {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });
  const doc = parser.parse(readFileSync(file, 'utf8'));
  const suites = asArray(doc.testsuites?.testsuite ?? doc.testsuite);
  const pkg = packageOf(file);
  const cases: TestCase[] = [];
  for (const s of suites) {
    for (const c of asArray(s.testcase)) {
      const failure = c.failure ?? c.error;
      cases.push({
        pkg,
        suite: s.name ?? '',
        name: c.name,
        time: Number(c.time ?? 0),
        status: failure ? 'failed' : c.skipped !== undefined ? 'skipped' : 'passed',
        message: failure ? String(failure.message ?? failure['#text'] ?? '').slice(0, 2000) : undefined,
      });
    }
  }
  return cases;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function render(cases: TestCase[]): string {
  const byPkg = new Map<string, TestCase[]>();
  for (const c of cases) {
    if (!byPkg.has(c.pkg)) byPkg.set(c.pkg, []);
    byPkg.get(c.pkg)!.push(c);
  }
  const rows = [...byPkg.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([pkg, list]) => {
      const n = (s: TestCase['status']) => list.filter((c) => c.status === s).length;
      const cls = n('failed') ? 'bad' : 'ok';
      return `<tr class="${cls}"><td>${escapeHtml(pkg)}</td><td>${n('passed')}</td><td>${n('failed')}</td><td>${n('skipped')}</td></tr>`;
    })
    .join('\n');
  const failures = cases
    .filter((c) => c.status === 'failed')
    .map((c) => `<details><summary>${escapeHtml(`${c.pkg} › ${c.suite} › ${c.name}`)}</summary><pre>${escapeHtml(c.message ?? '')}</pre></details>`)
    .join('\n');
  const slow = [...cases]
    .sort((a, b) => b.time - a.time)
    .slice(0, 15)
    .map((c) => `<li>${c.time.toFixed(2)}s — ${escapeHtml(`${c.pkg} › ${c.name}`)}</li>`)
    .join('\n');
  return `<!doctype html><meta charset="utf-8"><title>Test report</title>
<style>body{font:14px system-ui;margin:2rem}td,th{padding:.2rem .6rem}.bad{background:#fdd}.ok{background:#efe}pre{white-space:pre-wrap}</style>
<h1>Test report</h1><p>${cases.length} tests, generated ${new Date().toISOString()}</p>
<table><tr><th>package</th><th>passed</th><th>failed</th><th>skipped</th></tr>${rows}</table>
<h2>Failures</h2>${failures || '<p>none</p>'}
<h2>Slowest tests</h2><ol>${slow}</ol>`;
}

function flaky(cases: TestCase[]): string[] {
  // Same test reported twice with different outcomes (retries) is flagged as flaky.
  const seen = new Map<string, Set<string>>();
  for (const c of cases) {
    const key = `${c.pkg}|${c.suite}|${c.name}`;
    if (!seen.has(key)) seen.set(key, new Set());
    seen.get(key)!.add(c.status);
  }
  return [...seen.entries()].filter(([, s]) => s.has('passed') && s.has('failed')).map(([k]) => k.replace(/\|/g, ' › '));
}

function openInBrowser(file: string): void {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  spawn(opener, [file], { detached: true, stdio: 'ignore' }).unref();
}

function main(): void {
  const opts = parseArgs(process.argv.slice(2));
  const reports = findReports();
  if (!reports.length) {
    console.log('no JUnit reports found; run the tests with the junit reporter first');
    process.exitCode = 1;
    return;
  }
  const cases = reports.flatMap(parseReport);
  const outDir = path.join(ROOT, opts.out);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const html = path.join(outDir, 'index.html');
  writeFileSync(html, render(cases));
  const failed = cases.filter((c) => c.status === 'failed').length;
  writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify({ reports: reports.length, tests: cases.length, failed }, null, 2));
  console.log(`${reports.length} reports, ${cases.length} tests, ${failed} failed -> ${path.relative(ROOT, html)}`);
  const flakes = flaky(cases);
  if (flakes.length) console.log(`flaky (passed on retry): ${flakes.join('; ')}`);
  if (opts.open) openInBrowser(html);
  if (failed) process.exitCode = 1;
}

main();
