#!/usr/bin/env node
// fuzz.js - time-boxed Jazzer.js fuzzing of the parser entry points.
//
//   node tools/fuzz.js                       # all targets, 60 s each
//   node tools/fuzz.js parseHeader -t 300    # one target, five minutes
//   node tools/fuzz.js --regressions         # only replay tests/regressions/*
//
// Layout (all inside the repository):
//   fuzz/targets/<name>.fuzz.js     fuzz targets (export fuzz(data))
//   fuzz/corpus/<name>/             corpus, grown by runs and minimised with -merge
//   fuzz/artifacts/<name>/          raw crash files written by libFuzzer
//   tests/regressions/<name>/       crash inputs promoted to regression tests
//
// Each fuzzer is a child process of this script in its own process group; on
// Ctrl-C or when the budget is over only that group is signalled.
'use strict';

const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const JAZZER = path.join(ROOT, 'node_modules', '.bin', 'jazzer');
const TARGETS_DIR = path.join(ROOT, 'fuzz', 'targets');
const REPORT = path.join(ROOT, 'build', 'fuzz-report.json');

let current = null;
let interrupted = false;

process.on('SIGINT', () => {
  interrupted = true;
  if (current && current.exitCode === null) {
    try {
      process.kill(-current.pid, 'SIGINT');
    } catch {
      current.kill('SIGINT');
    }
  }
});

function parseArgs(argv) {
  const o = { targets: [], seconds: 60, jobs: 1, regressionsOnly: false, maxLen: 4096 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-t' || a === '--seconds') o.seconds = Number(argv[++i]);
    else if (a === '-j' || a === '--jobs') o.jobs = Math.min(Number(argv[++i]), os.cpus().length);
    else if (a === '--max-len') o.maxLen = Number(argv[++i]);
    else if (a === '--regressions') o.regressionsOnly = true;
    else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else o.targets.push(a);
  }
  return o;
}

function discoverTargets() {
  return fs
    .readdirSync(TARGETS_DIR)
    .filter((f) => f.endsWith('.fuzz.js'))
    .map((f) => f.replace(/\.fuzz\.js$/, ''));
}

function dirs(name) {
  const d = {
    corpus: path.join(ROOT, 'fuzz', 'corpus', name),
    artifacts: path.join(ROOT, 'fuzz', 'artifacts', name),
    regress: path.join(ROOT, 'tests', 'regressions', name),
    seeds: path.join(ROOT, 'fuzz', 'seeds', name),
  };
  for (const p of Object.values(d)) fs.mkdirSync(p, { recursive: true });
  return d;
}

function runJazzer(name, extraArgs, logFile) {
  return new Promise((resolve) => {
    const target = path.join(TARGETS_DIR, `${name}.fuzz.js`);
    const log = fs.openSync(logFile, 'w');
    current = spawn(JAZZER, [target, ...extraArgs], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', log, log],
      env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=2048' },
    });
    current.once('exit', (code, signal) => {
      fs.closeSync(log);
      current = null;
      resolve({ code, signal });
    });
  });
}

function lastStats(logFile) {
  const text = fs.readFileSync(logFile, 'utf8');
  const lines = text.split('\n').filter((l) => /#\d+\s+(DONE|pulse|NEW)/.test(l));
  const last = lines[lines.length - 1] || '';
  const num = (re) => Number((re.exec(last) || [])[1] || 0);
  return { execs: num(/#(\d+)/), cov: num(/cov: (\d+)/), execPerSec: num(/exec\/s: (\d+)/) };
}

function promoteCrashes(d) {
  const promoted = [];
  for (const f of fs.readdirSync(d.artifacts)) {
    if (!/^(crash|timeout|oom)-/.test(f)) continue;
    const data = fs.readFileSync(path.join(d.artifacts, f));
    const hash = crypto.createHash('sha1').update(data).digest('hex').slice(0, 16);
    const dest = path.join(d.regress, `${f.split('-')[0]}-${hash}`);
    if (!fs.existsSync(dest)) {
      fs.writeFileSync(dest, data);
      promoted.push(path.relative(ROOT, dest));
    }
    fs.rmSync(path.join(d.artifacts, f));
  }
  return promoted;
}

async function fuzzTarget(name, opts) {
  const d = dirs(name);
  const logDir = path.join(ROOT, 'build', 'fuzz-logs');
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${name}.log`);
  const regressionInputs = fs.readdirSync(d.regress).map((f) => path.join(d.regress, f));

  if (regressionInputs.length) {
    const replay = await runJazzer(name, ['--', '-runs=0', ...regressionInputs], logFile + '.replay');
    if (replay.code !== 0) {
      return { name, replayFailed: true, log: path.relative(ROOT, logFile + '.replay') };
    }
  }
  if (opts.regressionsOnly) return { name, replayed: regressionInputs.length };

  const args = ['--sync', '--', d.corpus, d.seeds, `-max_total_time=${opts.seconds}`,
    `-max_len=${opts.maxLen}`, `-artifact_prefix=${d.artifacts}${path.sep}`, '-print_final_stats=1'];
  if (opts.jobs > 1) args.push(`-fork=${opts.jobs}`, '-ignore_crashes=1');
  const res = await runJazzer(name, args, logFile);
  const stats = lastStats(logFile);
  const promoted = promoteCrashes(d);

  // keep the corpus small: merge into a fresh temp dir inside fuzz/, then swap
  const merged = `${d.corpus}.merge`;
  fs.rmSync(merged, { recursive: true, force: true });
  fs.mkdirSync(merged);
  const m = await runJazzer(name, ['--', '-merge=1', merged, d.corpus], `${logFile}.merge`);
  if (m.code === 0 && fs.readdirSync(merged).length) {
    fs.rmSync(d.corpus, { recursive: true, force: true });
    fs.renameSync(merged, d.corpus);
  } else {
    fs.rmSync(merged, { recursive: true, force: true });
  }
  return { name, exit: res.code, signal: res.signal, ...stats, promoted, log: path.relative(ROOT, logFile) };
}

// Write a node:test file per target that replays the promoted inputs, so
// `npm test` keeps catching the regressions after the fuzz run.
function writeRegressionTest(name) {
  const testFile = path.join(ROOT, 'test', 'regressions', `${name}.test.js`);
  if (fs.existsSync(testFile)) return null;
  fs.mkdirSync(path.dirname(testFile), { recursive: true });
  const body = [
    "'use strict';",
    "const { test } = require('node:test');",
    "const fs = require('node:fs');",
    "const path = require('node:path');",
    `const { fuzz } = require('../../fuzz/targets/${name}.fuzz.js');`,
    `const dir = path.join(__dirname, '..', '..', 'tests', 'regressions', '${name}');`,
    'for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {',
    '  test(`regression ${f}`, () => { fuzz(fs.readFileSync(path.join(dir, f))); });',
    '}',
    '',
  ].join('\n');
  fs.writeFileSync(testFile, body);
  return path.relative(ROOT, testFile);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(JAZZER)) throw new Error('jazzer.js missing: npm i -D @jazzer.js/core');
  const targets = opts.targets.length ? opts.targets : discoverTargets();
  const results = [];
  for (const name of targets) {
    if (interrupted) break;
    console.log(`== ${name}`);
    const r = await fuzzTarget(name, opts);
    results.push(r);
    if (r.replayFailed) console.log(`  regression inputs crash again! see ${r.log}`);
    else if (r.promoted) console.log(`  cov=${r.cov} execs=${r.execs} new crashes=${r.promoted.length}`);
    if (r.promoted && r.promoted.length) {
      const t = writeRegressionTest(name);
      if (t) console.log(`  created ${t}`);
    }
  }
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, JSON.stringify({ when: new Date().toISOString(), opts, results }, null, 2));
  console.log(`report: ${path.relative(ROOT, REPORT)}`);
  const bad = results.filter((r) => r.replayFailed || (r.promoted && r.promoted.length));
  return bad.length ? 1 : 0;
}

main().then((c) => { process.exitCode = c; }, (err) => {
  console.error(`fuzz: ${err.message}`);
  process.exitCode = 2;
});
