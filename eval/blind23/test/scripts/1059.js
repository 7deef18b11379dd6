#!/usr/bin/env node
// cover.js - coverage for orbit's API and its worker processes with nyc.
//
// The API forks BullMQ-style workers with child_process.fork; nyc's
// process-tree instrumentation follows them, writing raw data to
// .nyc_output/.  This script:
//   1. clears .nyc_output and out/coverage (both inside the repo),
//   2. runs the mocha suites under `nyc --all`,
//   3. merges worker data, emits html/lcov/json-summary into out/coverage,
//   4. enforces per-glob thresholds from .coverage-thresholds.json,
//   5. with --upload, hands lcov.info to the Codecov CLI (token via env).
//
//   node tools/cover.js [--grep pattern] [--upload] [--keep-raw]

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NYC = path.join(ROOT, 'node_modules', '.bin', 'nyc');
const MOCHA = path.join(ROOT, 'node_modules', '.bin', 'mocha');
const RAW = path.join(ROOT, '.nyc_output');
const OUT = path.join(ROOT, 'out', 'coverage');
const THRESHOLDS = path.join(ROOT, '.coverage-thresholds.json');

function parse(argv) {
  const o = { grep: null, upload: false, keepRaw: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--grep') o.grep = argv[++i];
    else if (argv[i] === '--upload') o.upload = true;
    else if (argv[i] === '--keep-raw') o.keepRaw = true;
    else throw new Error(`cover: unsupported option ${argv[i]}`);
  }
  return o;
}

function exec(cmd, args, env = {}) {
  console.log(`> ${path.basename(cmd)} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.error) throw res.error;
  return res.status ?? 1;
}

function clean() {
  for (const dir of [RAW, OUT]) {
    const rel = path.relative(ROOT, dir);
    if (rel.startsWith('..')) throw new Error(`refusing to clean ${dir}`);
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
  }
  fs.mkdirSync(OUT, { recursive: true });
}

function runSuites(grep) {
  const mochaArgs = [MOCHA, '--recursive', '--exit', '--timeout', '20000', 'test/unit', 'test/integration'];
  if (grep) mochaArgs.push('--grep', grep);
  return exec(NYC, ['--all', '--silent', '--include', 'src/**', '--exclude', 'src/**/*.test.js', '--temp-dir', RAW, ...mochaArgs], {
    NODE_ENV: 'test',
    ORBIT_BIND: '127.0.0.1',
  });
}

function report() {
  return exec(NYC, ['report', '--temp-dir', RAW, '--report-dir', OUT, '--reporter=html', '--reporter=lcov', '--reporter=json-summary', '--reporter=text-summary']);
}

function globToRegExp(glob) {
  const esc = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/]*').replace(/\u0000/g, '.*');
  return new RegExp(`^${esc}$`);
}

function enforce() {
  if (!fs.existsSync(THRESHOLDS)) {
    console.log('no .coverage-thresholds.json; skipping gates');
    return [];
  }
  const gates = JSON.parse(fs.readFileSync(THRESHOLDS, 'utf8'));
  const summary = JSON.parse(fs.readFileSync(path.join(OUT, 'coverage-summary.json'), 'utf8'));
  const failures = [];
  for (const [glob, min] of Object.entries(gates)) {
    const re = globToRegExp(glob);
    let covered = 0;
    let total = 0;
    for (const [file, data] of Object.entries(summary)) {
      if (file === 'total') continue;
      if (!re.test(path.relative(ROOT, file))) continue;
      covered += data.lines.covered;
      total += data.lines.total;
    }
    const pct = total ? (covered / total) * 100 : 100;
    const ok = pct >= min;
    console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${glob.padEnd(28)} ${pct.toFixed(1)}% (min ${min}%)`);
    if (!ok) failures.push(glob);
  }
  return failures;
}

// Per-file table of the least covered sources, so the console output says where
// to add tests without opening the HTML report.
function worstFiles(limit = 10) {
  const summary = JSON.parse(fs.readFileSync(path.join(OUT, 'coverage-summary.json'), 'utf8'));
  const rows = Object.entries(summary)
    .filter(([file]) => file !== 'total')
    .map(([file, d]) => ({ file: path.relative(ROOT, file), pct: d.lines.pct, uncovered: d.lines.total - d.lines.covered }))
    .filter((r) => r.uncovered > 0)
    .sort((a, b) => a.pct - b.pct || b.uncovered - a.uncovered)
    .slice(0, limit);
  if (!rows.length) return;
  console.log('least covered files:');
  for (const r of rows) console.log(`  ${String(r.pct).padStart(6)}%  ${String(r.uncovered).padStart(4)} lines  ${r.file}`);
}

// Compare with the previous run's total and keep a small history for trends.
function trend() {
  const summary = JSON.parse(fs.readFileSync(path.join(OUT, 'coverage-summary.json'), 'utf8'));
  const hist = path.join(ROOT, 'out', 'coverage-history.json');
  const history = fs.existsSync(hist) ? JSON.parse(fs.readFileSync(hist, 'utf8')) : [];
  const sha = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  const entry = { sha, at: new Date().toISOString(), lines: summary.total.lines.pct, branches: summary.total.branches.pct };
  const prev = history.at(-1);
  if (prev) {
    const d = entry.lines - prev.lines;
    console.log(`line coverage ${entry.lines}% (${d >= 0 ? '+' : ''}${d.toFixed(2)} vs ${prev.sha})`);
  }
  history.push(entry);
  fs.writeFileSync(hist, JSON.stringify(history.slice(-50), null, 2));
}

// Guard against a worker that never flushed coverage: nyc leaves a processinfo
// entry without a matching data file in that case.
function orphanedProcesses() {
  const info = path.join(RAW, 'processinfo', 'index.json');
  if (!fs.existsSync(info)) return 0;
  const index = JSON.parse(fs.readFileSync(info, 'utf8'));
  const missing = Object.keys(index.processes ?? {}).filter((id) => !fs.existsSync(path.join(RAW, `${id}.json`)));
  if (missing.length) console.warn(`${missing.length} process(es) exited without writing coverage (killed with SIGKILL?)`);
  return missing.length;
}

function upload() {
  if (!process.env.CODECOV_TOKEN) {
    console.log('CODECOV_TOKEN not set; not uploading');
    return;
  }
  const cli = spawnSync('sh', ['-c', 'command -v codecovcli || command -v codecov'], { encoding: 'utf8' }).stdout.trim();
  if (!cli) {
    console.log('Codecov CLI not installed; not uploading');
    return;
  }
  const sha = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', cwd: ROOT }).stdout.trim();
  exec(cli, ['upload-process', '-f', path.join(OUT, 'lcov.info'), '-C', sha, '-F', 'api']);
}

function main() {
  const o = parse(process.argv.slice(2));
  if (!fs.existsSync(NYC) || !fs.existsSync(MOCHA)) throw new Error('nyc/mocha missing; run npm ci');
  clean();
  const testStatus = runSuites(o.grep);
  if (!fs.existsSync(RAW) || fs.readdirSync(RAW).length === 0) {
    console.error('no raw coverage was written');
    return testStatus || 1;
  }
  orphanedProcesses();
  report();
  worstFiles();
  trend();
  const failures = enforce();
  if (o.upload) upload();
  if (!o.keepRaw) fs.rmSync(RAW, { recursive: true, force: true });
  console.log(`report: ${path.relative(ROOT, path.join(OUT, 'index.html'))}`);
  if (failures.length) console.error(`coverage gates failed: ${failures.join(', ')}`);
  return testStatus || (failures.length ? 1 : 0);
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`cover: ${err.message}`);
  process.exitCode = 2;
}
