#!/usr/bin/env node
// prop-fuzz.js - run orbit's fast-check properties as a time-boxed fuzz campaign
// in parallel worker threads, with replayable failures.
//
//   node tools/prop-fuzz.js                       # all properties, 60 s budget
//   node tools/prop-fuzz.js --budget 600 --threads 4
//   node tools/prop-fuzz.js --only queryParser
//   node tools/prop-fuzz.js --replay              # re-check saved failures
//
// Properties live in test/properties/*.prop.js and export
// `{ name, arbitrary, predicate }`.  Each worker thread loads them, runs
// fc.check with fresh seeds until the budget runs out, and posts failures back.
// Failures (seed + path + counterexample) go to test/regressions/properties/ so
// `npm test` replays them.  Only in-process code runs; no network, no children.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..');
const PROP_DIR = path.join(ROOT, 'test', 'properties');
const FAIL_DIR = path.join(ROOT, 'test', 'regressions', 'properties');
const REPORT = path.join(ROOT, 'out', 'prop-fuzz.json');

async function loadProperties(only) {
  const files = fs.readdirSync(PROP_DIR).filter((f) => f.endsWith('.prop.js')).sort();
  const props = [];
  for (const f of files) {
    const mod = await import(pathToFileURL(path.join(PROP_DIR, f)).href);
    const list = Array.isArray(mod.default) ? mod.default : [mod.default ?? mod];
    for (const p of list) if (!only || p.name === only) props.push({ ...p, file: f });
  }
  return props;
}

// ------------------------------------------------------------------ worker side
async function workerMain() {
  const fc = (await import('fast-check')).default;
  const { budgetMs, only, index, total } = workerData;
  const props = (await loadProperties(only)).filter((_, i) => i % total === index);
  const deadline = Date.now() + budgetMs;
  const stats = {};
  while (Date.now() < deadline && props.length) {
    for (const p of props) {
      if (Date.now() >= deadline) break;
      const seed = (Math.random() * 2 ** 31) | 0;
      const r = fc.check(fc.property(p.arbitrary, p.predicate), { seed, numRuns: 200 });
      stats[p.name] = (stats[p.name] ?? 0) + r.numRuns;
      if (r.failed) {
        parentPort.postMessage({
          type: 'failure',
          failure: {
            name: p.name,
            file: p.file,
            seed: r.seed,
            path: r.counterexamplePath,
            counterexample: JSON.stringify(r.counterexample, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)),
            error: String(r.errorInstance ?? 'predicate returned false'),
          },
        });
        props.splice(props.indexOf(p), 1);
        break;
      }
    }
  }
  parentPort.postMessage({ type: 'done', stats });
}

// ------------------------------------------------------------------ main side
function parse(argv) {
  const o = { budget: 60, threads: Math.max(1, Math.min(4, os.availableParallelism() - 1)), only: null, replay: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--budget') o.budget = Number(argv[++i]);
    else if (argv[i] === '--threads') o.threads = Number(argv[++i]);
    else if (argv[i] === '--only') o.only = argv[++i];
    else if (argv[i] === '--replay') o.replay = true;
    else throw new Error(`prop-fuzz: unknown flag ${argv[i]}`);
  }
  return o;
}

function saveFailure(f) {
  fs.mkdirSync(FAIL_DIR, { recursive: true });
  const file = path.join(FAIL_DIR, `${f.name}-${f.seed}.json`);
  fs.writeFileSync(file, JSON.stringify({ ...f, found: new Date().toISOString() }, null, 2) + '\n');
  return path.relative(ROOT, file);
}

async function replay(only) {
  const fc = (await import('fast-check')).default;
  const props = new Map((await loadProperties(only)).map((p) => [p.name, p]));
  if (!fs.existsSync(FAIL_DIR)) return 0;
  let still = 0;
  for (const f of fs.readdirSync(FAIL_DIR).filter((n) => n.endsWith('.json'))) {
    const rec = JSON.parse(fs.readFileSync(path.join(FAIL_DIR, f), 'utf8'));
    const p = props.get(rec.name);
    if (!p) continue;
    const r = fc.check(fc.property(p.arbitrary, p.predicate), { seed: rec.seed, path: rec.path, endOnFailure: true });
    console.log(`${r.failed ? 'FAILS ' : 'passes'} ${f}`);
    if (r.failed) still++;
  }
  return still ? 1 : 0;
}

async function campaign(o) {
  const failures = [];
  const stats = {};
  const workers = Array.from({ length: o.threads }, (_, index) =>
    new Promise((resolve, reject) => {
      const w = new Worker(SELF, { workerData: { budgetMs: o.budget * 1000, only: o.only, index, total: o.threads } });
      w.on('message', (m) => {
        if (m.type === 'failure') {
          failures.push({ ...m.failure, saved: saveFailure(m.failure) });
          console.error(`FAILURE ${m.failure.name} (seed ${m.failure.seed})`);
        } else if (m.type === 'done') {
          for (const [k, v] of Object.entries(m.stats)) stats[k] = (stats[k] ?? 0) + v;
        }
      });
      w.on('error', reject);
      w.on('exit', resolve);
    }),
  );
  process.once('SIGINT', () => console.error('\nstopping after the current batch...'));
  await Promise.all(workers);
  return { failures, stats };
}

// A property file that fails to import would silently contribute nothing; load
// everything once in the main thread first so such problems surface early.
async function preflight(only) {
  const props = await loadProperties(only);
  if (!props.length) throw new Error(only ? `no property named ${only}` : 'no properties found');
  const bad = props.filter((p) => !p.name || !p.arbitrary || typeof p.predicate !== 'function');
  if (bad.length) throw new Error(`malformed property export(s) in ${[...new Set(bad.map((p) => p.file))].join(', ')}`);
  const names = new Set();
  for (const p of props) {
    if (names.has(p.name)) throw new Error(`duplicate property name ${p.name}`);
    names.add(p.name);
  }
  return props.length;
}

// Keep the regression folder small: at most three saved failures per property.
function pruneFailures() {
  if (!fs.existsSync(FAIL_DIR)) return 0;
  const byName = new Map();
  for (const f of fs.readdirSync(FAIL_DIR).filter((n) => n.endsWith('.json')).sort()) {
    const name = f.replace(/-\d+\.json$/, '');
    byName.set(name, [...(byName.get(name) ?? []), f]);
  }
  let removed = 0;
  for (const files of byName.values()) {
    for (const f of files.slice(0, Math.max(0, files.length - 3))) {
      fs.rmSync(path.join(FAIL_DIR, f));
      removed++;
    }
  }
  return removed;
}

async function main() {
  const o = parse(process.argv.slice(2));
  if (o.replay) return replay(o.only);
  const count = await preflight(o.only);
  console.error(`${count} propert${count === 1 ? 'y' : 'ies'} loaded; pruned ${pruneFailures()} old failure file(s)`);
  console.error(`fuzzing properties for ${o.budget}s on ${o.threads} thread(s)`);
  const { failures, stats } = await campaign(o);
  for (const [name, runs] of Object.entries(stats).sort()) console.log(`${name.padEnd(28)} ${runs} runs`);
  fs.mkdirSync(path.join(ROOT, 'out'), { recursive: true });
  fs.writeFileSync(REPORT, JSON.stringify({ at: new Date().toISOString(), budget: o.budget, stats, failures }, null, 2));
  console.log(`report: ${path.relative(ROOT, REPORT)}; ${failures.length} failure(s)`);
  return failures.length ? 1 : 0;
}

if (isMainThread) {
  main().then(
    (c) => {
      process.exitCode = c;
    },
    (err) => {
      console.error(`prop-fuzz: ${err.message}`);
      process.exitCode = 2;
    },
  );
} else {
  await workerMain();
}
