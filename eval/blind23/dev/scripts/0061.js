#!/usr/bin/env node
// bench.js - micro benchmarks for the parser with a committed baseline.
//
//   node tools/bench.js                       # run, compare with bench/baseline.json
//   node tools/bench.js --update-baseline     # overwrite the baseline (commit it!)
//   node tools/bench.js --filter tokenize
//   node tools/bench.js --comment 123         # post the table on PR #123
//
// Each case runs in a forked child so JIT state from one case cannot leak into
// another; the parent collects results over IPC and kills the child when done.
'use strict';

const { fork } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');

const ROOT = path.resolve(__dirname, '..');
const BASELINE = path.join(ROOT, 'bench', 'baseline.json');
const RESULTS_DIR = path.join(ROOT, 'build', 'bench');
const GITHUB_API = 'https://api.github.com';

const CASES = {
  'tokenize-small': { module: 'src/tokenize.js', fn: 'tokenize', input: 'bench/fixtures/small.txt' },
  'tokenize-large': { module: 'src/tokenize.js', fn: 'tokenize', input: 'bench/fixtures/large.txt' },
  'parse-config': { module: 'src/parse.js', fn: 'parseConfig', input: 'bench/fixtures/config.toml' },
  'render-report': { module: 'src/render.js', fn: 'renderReport', input: 'bench/fixtures/report.json' },
};

// ---------------------------------------------------------------- child side
if (process.env.BENCH_CHILD === '1') {
  process.on('message', ({ name, spec, minTimeMs }) => {
    const mod = require(path.join(ROOT, spec.module));
    const fn = mod[spec.fn];
    const input = fs.readFileSync(path.join(ROOT, spec.input), 'utf8');
    for (let i = 0; i < 50; i++) fn(input);
    const samples = [];
    const end = performance.now() + minTimeMs;
    while (performance.now() < end) {
      const t0 = performance.now();
      fn(input);
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    const pick = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
    process.send({ name, n: samples.length, median: pick(0.5), p95: pick(0.95), min: samples[0] });
  });
  return;
}

// ---------------------------------------------------------------- parent side
function parseArgs(argv) {
  const opts = { filter: null, update: false, comment: null, minTimeMs: 1500, threshold: 7 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--filter') opts.filter = argv[++i];
    else if (a === '--update-baseline') opts.update = true;
    else if (a === '--comment') opts.comment = Number(argv[++i]);
    else if (a === '--min-time') opts.minTimeMs = Number(argv[++i]);
    else if (a === '--threshold') opts.threshold = Number(argv[++i]);
    else throw new Error(`unknown option ${a}`);
  }
  return opts;
}

function runCase(name, spec, minTimeMs) {
  return new Promise((resolve, reject) => {
    const child = fork(__filename, [], {
      env: { ...process.env, BENCH_CHILD: '1' },
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} timed out`));
    }, minTimeMs + 30_000);
    child.once('message', (result) => {
      clearTimeout(timer);
      child.kill();
      resolve(result);
    });
    child.once('error', reject);
    child.send({ name, spec, minTimeMs });
  });
}

function loadBaseline() {
  try {
    return JSON.parse(fs.readFileSync(BASELINE, 'utf8'));
  } catch {
    return { results: {} };
  }
}

function table(results, baseline, threshold) {
  const rows = ['| case | median | p95 | baseline | change |', '|---|---:|---:|---:|---:|'];
  const regressions = [];
  for (const r of results) {
    const base = baseline.results[r.name];
    let change = '';
    if (base) {
      const pct = ((r.median - base.median) / base.median) * 100;
      change = `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%`;
      if (pct > threshold) {
        change += ' :warning:';
        regressions.push(r.name);
      }
    }
    rows.push(`| ${r.name} | ${r.median.toFixed(3)} ms | ${r.p95.toFixed(3)} ms | ` +
      `${base ? base.median.toFixed(3) + ' ms' : 'n/a'} | ${change} |`);
  }
  return { text: rows.join('\n'), regressions };
}

async function postComment(pr, body) {
  const token = process.env.GITHUB_TOKEN;
  const repo = process.env.GITHUB_REPOSITORY || 'relay-dev/relay-parser';
  if (!token) {
    console.error('GITHUB_TOKEN not set; not commenting');
    return;
  }
  const res = await fetch(`${GITHUB_API}/repos/${repo}/issues/${pr}/comments`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/vnd.github+json',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ body }),
  });
  console.log(`comment: HTTP ${res.status}`);
}

function pruneResults(keep = 30) {
  if (!fs.existsSync(RESULTS_DIR)) return;
  const files = fs
    .readdirSync(RESULTS_DIR)
    .filter((f) => /^bench-\d+\.json$/.test(f))
    .sort();
  for (const f of files.slice(0, Math.max(0, files.length - keep))) {
    fs.rmSync(path.join(RESULTS_DIR, f));
  }
}

function noiseWarnings() {
  const warnings = [];
  const load = os.loadavg()[0];
  if (load > os.cpus().length / 2) warnings.push(`load average ${load.toFixed(1)} is high`);
  try {
    const gov = fs.readFileSync('/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor', 'utf8').trim();
    if (gov !== 'performance') warnings.push(`cpu governor is ${gov}`);
  } catch {
    /* not linux or no cpufreq */
  }
  if (process.env.CI) warnings.push('running in CI: shared runners are noisy');
  return warnings;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  for (const w of noiseWarnings()) console.error(`note: ${w}`);
  pruneResults();
  const names = Object.keys(CASES).filter((n) => !opts.filter || n.includes(opts.filter));
  if (!names.length) throw new Error(`no case matches ${opts.filter}`);

  const results = [];
  for (const name of names) {
    process.stderr.write(`running ${name} ... `);
    const r = await runCase(name, CASES[name], opts.minTimeMs);
    process.stderr.write(`${r.n} samples\n`);
    results.push(r);
  }

  const env = { node: process.version, cpu: os.cpus()[0]?.model, platform: `${os.platform()}-${os.arch()}` };
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const out = path.join(RESULTS_DIR, `bench-${Date.now()}.json`);
  fs.writeFileSync(out, JSON.stringify({ env, results }, null, 2));

  const baseline = loadBaseline();
  const { text, regressions } = table(results, baseline, opts.threshold);
  console.log(text);
  console.log(`\nraw results: ${path.relative(ROOT, out)}`);

  if (opts.update) {
    const next = { env, results: Object.fromEntries(results.map((r) => [r.name, r])) };
    fs.writeFileSync(BASELINE, JSON.stringify(next, null, 2) + '\n');
    console.log(`baseline updated: ${path.relative(ROOT, BASELINE)} (remember to commit)`);
  }
  if (opts.comment) {
    await postComment(opts.comment, `### Parser benchmarks\n\n${text}\n\n<sub>${env.cpu}, ${env.node}</sub>`);
  }
  return regressions.length ? 1 : 0;
}

main().then((code) => { process.exitCode = code; }, (err) => {
  console.error(err.message);
  process.exitCode = 2;
});
