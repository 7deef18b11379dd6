#!/usr/bin/env -S npx tsx
// coverage-merge.ts - merge coverage of lumen's main process, renderer and
// preload tests into one report and gate it per area.
//
// Three suites write their own coverage:
//   main     node --test with NODE_V8_COVERAGE -> out/cov/main-raw (converted by c8)
//   renderer vitest --coverage (istanbul JSON) -> out/cov/renderer/coverage-final.json
//   preload  vitest --coverage                 -> out/cov/preload/coverage-final.json
// This tool runs them (unless --no-run), converts the V8 data with c8 into
// istanbul JSON, merges the three maps with istanbul-lib-coverage and writes
// text + html + lcov reports to out/cov/merged/.  Area gates come from
// coverage.gates.json, e.g. { "src/main": 80, "src/renderer": 70 }.
//
//   npx tsx tools/coverage-merge.ts [--no-run] [--open]

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import libCoverage from 'istanbul-lib-coverage';
import libReport from 'istanbul-lib-report';
import reports from 'istanbul-reports';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'out', 'cov');
const BIN = path.join(ROOT, 'node_modules', '.bin');

interface Suite {
  name: string;
  run: () => number;
  json: string;
}

function exec(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`$ ${path.basename(cmd)} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.error) throw res.error;
  return res.status ?? 1;
}

function resetDir(dir: string): void {
  const rel = path.relative(OUT, dir);
  if (rel.startsWith('..') || path.isAbsolute(rel)) throw new Error(`refusing to reset ${dir}`);
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
  fs.mkdirSync(dir, { recursive: true });
}

const suites: Suite[] = [
  {
    name: 'main',
    json: path.join(OUT, 'main', 'coverage-final.json'),
    run: () => {
      const raw = path.join(OUT, 'main-raw');
      resetDir(raw);
      resetDir(path.join(OUT, 'main'));
      const status = exec(process.execPath, ['--test', '--test-reporter=dot', 'test/main/'], { NODE_V8_COVERAGE: raw });
      exec(path.join(BIN, 'c8'), ['report', `--temp-directory=${raw}`, `--reports-dir=${path.join(OUT, 'main')}`, '--reporter=json', '--src=src/main']);
      return status;
    },
  },
  {
    name: 'renderer',
    json: path.join(OUT, 'renderer', 'coverage-final.json'),
    run: () => {
      resetDir(path.join(OUT, 'renderer'));
      return exec(path.join(BIN, 'vitest'), ['run', '--project', 'renderer', '--coverage.enabled', '--coverage.provider=istanbul', `--coverage.reportsDirectory=${path.join(OUT, 'renderer')}`, '--coverage.reporter=json']);
    },
  },
  {
    name: 'preload',
    json: path.join(OUT, 'preload', 'coverage-final.json'),
    run: () => {
      resetDir(path.join(OUT, 'preload'));
      return exec(path.join(BIN, 'vitest'), ['run', '--project', 'preload', '--coverage.enabled', '--coverage.provider=istanbul', `--coverage.reportsDirectory=${path.join(OUT, 'preload')}`, '--coverage.reporter=json']);
    },
  },
];

function mergeMaps(): libCoverage.CoverageMap {
  const map = libCoverage.createCoverageMap({});
  for (const s of suites) {
    if (!fs.existsSync(s.json)) {
      console.warn(`no coverage from ${s.name} (${path.relative(ROOT, s.json)} missing)`);
      continue;
    }
    map.merge(JSON.parse(fs.readFileSync(s.json, 'utf8')));
  }
  return map;
}

function writeReports(map: libCoverage.CoverageMap): void {
  const dir = path.join(OUT, 'merged');
  resetDir(dir);
  const context = libReport.createContext({ dir, coverageMap: map, defaultSummarizer: 'nested' });
  for (const name of ['html', 'lcovonly', 'text-summary', 'json-summary'] as const) {
    reports.create(name).execute(context);
  }
}

function gate(map: libCoverage.CoverageMap): string[] {
  const file = path.join(ROOT, 'coverage.gates.json');
  if (!fs.existsSync(file)) return [];
  const gates = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>;
  const failures: string[] = [];
  for (const [area, min] of Object.entries(gates)) {
    const summary = libCoverage.createCoverageSummary();
    for (const f of map.files()) {
      if (path.relative(ROOT, f).startsWith(area + path.sep)) summary.merge(map.fileCoverageFor(f).toSummary());
    }
    const pct = summary.lines.total ? summary.lines.pct : 100;
    console.log(`  ${pct >= min ? 'ok  ' : 'FAIL'} ${area.padEnd(20)} ${pct.toFixed(1)}% (min ${min}%)`);
    if (pct < min) failures.push(area);
  }
  return failures;
}

// Files that no suite loaded at all do not show up in any coverage map; list
// them explicitly so "100% of what ran" is not mistaken for full coverage.
function unloadedSources(map: libCoverage.CoverageMap): string[] {
  const seen = new Set(map.files().map((f) => path.relative(ROOT, f)));
  const out: string[] = [];
  const stack = [path.join(ROOT, 'src')];
  while (stack.length) {
    const dir = stack.pop() as string;
    for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, ent.name);
      if (ent.isDirectory()) {
        if (ent.name !== 'generated') stack.push(p);
      } else if (/\.(ts|tsx)$/.test(ent.name) && !/\.d\.ts$/.test(ent.name)) {
        const rel = path.relative(ROOT, p);
        if (!seen.has(rel)) out.push(rel);
      }
    }
  }
  return out.sort();
}

function history(map: libCoverage.CoverageMap): void {
  const summary = libCoverage.createCoverageSummary();
  for (const f of map.files()) summary.merge(map.fileCoverageFor(f).toSummary());
  const file = path.join(OUT, 'history.jsonl');
  const sha = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  fs.appendFileSync(file, JSON.stringify({ sha, at: new Date().toISOString(), lines: summary.lines.pct, branches: summary.branches.pct }) + '\n');
  const rows = fs.readFileSync(file, 'utf8').trim().split('\n');
  if (rows.length > 1) {
    const prev = JSON.parse(rows[rows.length - 2]) as { lines: number; sha: string };
    const delta = summary.lines.pct - prev.lines;
    console.log(`lines ${summary.lines.pct.toFixed(1)}% (${delta >= 0 ? '+' : ''}${delta.toFixed(2)} vs ${prev.sha})`);
  }
}

function main(): number {
  const argv = new Set(process.argv.slice(2));
  fs.mkdirSync(OUT, { recursive: true });
  let testFailures = 0;
  if (!argv.has('--no-run')) {
    for (const s of suites) {
      console.log(`\n== ${s.name}`);
      if (s.run() !== 0) testFailures++;
    }
  }
  const map = mergeMaps();
  if (!map.files().length) {
    console.error('no coverage data at all');
    return 2;
  }
  writeReports(map);
  history(map);
  const unloaded = unloadedSources(map);
  if (unloaded.length) {
    console.log(`\n${unloaded.length} source file(s) never loaded by any suite:`);
    for (const f of unloaded.slice(0, 20)) console.log(`  ${f}`);
  }
  console.log('\narea gates:');
  const failed = gate(map);
  const html = path.join(OUT, 'merged', 'index.html');
  console.log(`\nreport: ${path.relative(ROOT, html)}`);
  if (argv.has('--open')) spawnSync(process.platform === 'darwin' ? 'open' : 'xdg-open', [html], { stdio: 'ignore' });
  if (testFailures) console.error(`${testFailures} suite(s) had failing tests`);
  if (failed.length) console.error(`gates failed: ${failed.join(', ')}`);
  return testFailures || failed.length ? 1 : 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`coverage-merge: ${(err as Error).message}`);
  process.exitCode = 2;
}
