#!/usr/bin/env -S npx tsx
/**
 * golden.ts -- golden-file checks for the markdown renderer.
 *
 * For every tests/golden/input/*.md the renderer output is compared with
 * tests/golden/output/*.html. Mismatches print a line diff. `--update`
 * rewrites the expected files (only inside tests/golden/output), `--prune`
 * deletes expected files that no longer have an input.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const INPUT = path.join(ROOT, 'tests', 'golden', 'input');
const OUTPUT = path.join(ROOT, 'tests', 'golden', 'output');

type Outcome = 'same' | 'changed' | 'new' | 'error';

interface CaseResult {
  name: string;
  outcome: Outcome;
  expected?: string;
  actual?: string;
  error?: string;
}

interface Flags {
  update: boolean;
  prune: boolean;
  filter: string | null;
  quiet: boolean;
}

function parseFlags(argv: string[]): Flags {
  const flags: Flags = { update: false, prune: false, filter: null, quiet: false };
  for (const a of argv) {
    if (a === '--update' || a === '-u') flags.update = true;
    else if (a === '--prune') flags.prune = true;
    else if (a === '--quiet' || a === '-q') flags.quiet = true;
    else if (!a.startsWith('-')) flags.filter = a;
    else throw new Error(`unknown flag ${a}`);
  }
  return flags;
}

async function loadRenderer(): Promise<(md: string) => string | Promise<string>> {
  const mod = (await import(path.join(ROOT, 'src', 'render.ts'))) as {
    renderMarkdown?: (md: string) => string | Promise<string>;
  };
  if (typeof mod.renderMarkdown !== 'function') {
    throw new Error('src/render.ts does not export renderMarkdown');
  }
  return mod.renderMarkdown;
}

function normalise(html: string): string {
  return html.replace(/\r\n/g, '\n').replace(/[ \t]+$/gm, '').trimEnd() + '\n';
}

function diff(expected: string, actual: string, context = 2): string[] {
  const a = expected.split('\n');
  const b = actual.split('\n');
  const out: string[] = [];
  const max = Math.max(a.length, b.length);
  let lastPrinted = -10;
  for (let i = 0; i < max; i += 1) {
    if (a[i] === b[i]) continue;
    for (let j = Math.max(lastPrinted + 1, i - context); j < i; j += 1) out.push(`  ${a[j] ?? ''}`);
    if (i < a.length) out.push(`- ${a[i]}`);
    if (i < b.length) out.push(`+ ${b[i]}`);
    lastPrinted = i;
    if (out.length > 80) {
      out.push('  ... (truncated)');
      break;
    }
  }
  return out;
}

function expectedPath(name: string): string {
  const p = path.resolve(OUTPUT, `${name}.html`);
  if (path.dirname(p) !== OUTPUT) throw new Error(`bad case name ${name}`);
  return p;
}

async function runCase(name: string, render: (md: string) => string | Promise<string>): Promise<CaseResult> {
  const md = readFileSync(path.join(INPUT, `${name}.md`), 'utf8');
  let actual: string;
  try {
    actual = normalise(await render(md));
  } catch (err) {
    return { name, outcome: 'error', error: (err as Error).message };
  }
  const file = expectedPath(name);
  if (!existsSync(file)) return { name, outcome: 'new', actual };
  const expected = readFileSync(file, 'utf8');
  return { name, outcome: expected === actual ? 'same' : 'changed', expected, actual };
}

function cases(filter: string | null): string[] {
  if (!existsSync(INPUT)) throw new Error(`no inputs in ${path.relative(ROOT, INPUT)}`);
  return readdirSync(INPUT)
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3))
    .filter((n) => !filter || n.includes(filter))
    .sort();
}

function prune(names: Set<string>, apply: boolean): number {
  if (!existsSync(OUTPUT)) return 0;
  let n = 0;
  for (const f of readdirSync(OUTPUT)) {
    if (!f.endsWith('.html')) continue;
    const name = f.slice(0, -5);
    if (names.has(name)) continue;
    console.log(`${apply ? 'removing' : 'orphan'} output/${f}`);
    if (apply) unlinkSync(path.join(OUTPUT, f));
    n += 1;
  }
  return n;
}

function writeJUnit(results: CaseResult[]): void {
  // CI picks up reports/golden.xml to annotate the PR
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const failures = results.filter((r) => r.outcome !== 'same').length;
  const body = results
    .map((r) => {
      if (r.outcome === 'same') return `  <testcase name="${esc(r.name)}"/>`;
      const msg = r.outcome === 'error' ? r.error ?? 'error' : `${r.outcome} output`;
      return `  <testcase name="${esc(r.name)}"><failure message="${esc(msg)}"/></testcase>`;
    })
    .join('\n');
  const xml = `<testsuite name="golden" tests="${results.length}" failures="${failures}">\n${body}\n</testsuite>\n`;
  mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  writeFileSync(path.join(ROOT, 'reports', 'golden.xml'), xml);
}

async function main(): Promise<number> {
  const flags = parseFlags(process.argv.slice(2));
  const render = await loadRenderer();
  const names = cases(flags.filter);
  const results: CaseResult[] = [];
  for (const name of names) results.push(await runCase(name, render));
  const counts: Record<Outcome, number> = { same: 0, changed: 0, new: 0, error: 0 };
  for (const r of results) {
    counts[r.outcome] += 1;
    if (r.outcome === 'error') {
      console.error(`✗ ${r.name}: ${r.error}`);
    } else if (r.outcome === 'changed') {
      console.log(`~ ${r.name}`);
      if (!flags.quiet) for (const line of diff(r.expected ?? '', r.actual ?? '')) console.log(`    ${line}`);
    } else if (r.outcome === 'new') {
      console.log(`+ ${r.name} (no expected output yet)`);
    }
    if (flags.update && (r.outcome === 'changed' || r.outcome === 'new') && r.actual !== undefined) {
      mkdirSync(OUTPUT, { recursive: true });
      writeFileSync(expectedPath(r.name), r.actual);
    }
  }
  if (process.env.CI) writeJUnit(results);
  if (flags.prune) {
    const all = new Set(cases(null));
    prune(all, flags.update);
  }
  console.log(
    `${results.length} cases: ${counts.same} same, ${counts.changed} changed, ${counts.new} new, ${counts.error} errors` +
      (flags.update ? ' (expected files updated)' : ''),
  );
  if (counts.error) return 2;
  if (!flags.update && (counts.changed || counts.new)) {
    console.log('run with --update to accept');
    return 1;
  }
  return 0;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((err: Error) => {
    console.error(`golden: ${err.message}`);
    process.exitCode = 2;
  });
