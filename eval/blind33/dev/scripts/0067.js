#!/usr/bin/env node
// Emit OpenLineage events for the project's batch jobs to the local Marquez.
//
// Wraps a job command: sends a START event, runs the command (argv, no
// shell), then sends COMPLETE or FAIL with the input/output datasets declared
// in lineage/jobs.yaml. Marquez runs in docker compose on localhost:5000; in CI
// the events go to marquez.internal. Any other host is rejected.
//
//   node lineage/run-with-lineage.js daily_orders -- python jobs/daily_orders.py --date 2024-05-01
//   node lineage/run-with-lineage.js --list
'use strict';

const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const YAML = require('yaml');

const ROOT = path.resolve(__dirname, '..');
const JOBS = path.join(ROOT, 'lineage', 'jobs.yaml');
const PRODUCER = 'https://github.com/acme/data-platform/tree/main/lineage';
const SCHEMA_URL = 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/definitions/RunEvent';
const ALLOWED = (h) => h === 'localhost' || h === '127.0.0.1' || h.endsWith('.internal');

function endpoint() {
  const url = new URL(process.env.OPENLINEAGE_URL || 'http://localhost:5000');
  if (!ALLOWED(url.hostname)) throw new Error(`OPENLINEAGE_URL host ${url.hostname} not allowed`);
  return new URL('/api/v1/lineage', url).toString();
}

function loadJobs() {
  const doc = YAML.parse(fs.readFileSync(JOBS, 'utf8'));
  return doc.jobs || {};
}

function dataset(ref) {
  // "postgres://warehouse/public.orders" -> namespace + name
  const m = /^([a-z]+:\/\/[^/]+)\/(.+)$/.exec(ref);
  if (!m) throw new Error(`bad dataset reference ${ref}`);
  return { namespace: m[1], name: m[2], facets: {} };
}

function gitSha() {
  try {
    return fs.readFileSync(path.join(ROOT, '.git', 'HEAD'), 'utf8').trim().startsWith('ref:')
      ? require('node:child_process').execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
      : fs.readFileSync(path.join(ROOT, '.git', 'HEAD'), 'utf8').trim();
  } catch {
    return 'unknown';
  }
}

function event(type, job, runId, spec, extra = {}) {
  return {
    eventType: type,
    eventTime: new Date().toISOString(),
    producer: PRODUCER,
    schemaURL: SCHEMA_URL,
    run: {
      runId,
      facets: {
        processing_engine: { _producer: PRODUCER, _schemaURL: SCHEMA_URL, name: 'node', version: process.version },
        ...extra,
      },
    },
    job: {
      namespace: spec.namespace || 'data-platform',
      name: job,
      facets: {
        sourceCodeLocation: {
          _producer: PRODUCER,
          _schemaURL: SCHEMA_URL,
          type: 'git',
          url: spec.repo || 'local',
          version: gitSha(),
        },
      },
    },
    inputs: (spec.inputs || []).map(dataset),
    outputs: (spec.outputs || []).map(dataset),
  };
}

async function send(ev) {
  const url = endpoint();
  let delay = 250;
  for (let attempt = 1; attempt <= 4; attempt++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ev),
      });
      if (res.ok || res.status === 201) return true;
      if (res.status < 500) {
        console.error(`lineage: ${ev.eventType} rejected: ${res.status} ${(await res.text()).slice(0, 200)}`);
        return false;
      }
    } catch (err) {
      if (attempt === 4) console.error(`lineage: cannot reach ${url}: ${err.message}`);
    }
    await new Promise((r) => setTimeout(r, delay));
    delay *= 2;
  }
  return false;
}

function validateJobs(jobs) {
  // every declared dataset must parse and outputs may not also be inputs
  const problems = [];
  for (const [name, spec] of Object.entries(jobs)) {
    for (const ref of [...(spec.inputs || []), ...(spec.outputs || [])]) {
      try {
        dataset(ref);
      } catch (err) {
        problems.push(`${name}: ${err.message}`);
      }
    }
    const overlap = (spec.inputs || []).filter((i) => (spec.outputs || []).includes(i));
    if (overlap.length) problems.push(`${name}: ${overlap.join(', ')} is both input and output`);
  }
  return problems;
}

function run(argv) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(argv[0], argv.slice(1), { stdio: 'inherit', cwd: ROOT });
    const forward = (sig) => child.kill(sig);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (err) => resolve({ code: 127, error: err.message, ms: Date.now() - started }));
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve({ code: code ?? 128, signal, ms: Date.now() - started });
    });
  });
}

async function main() {
  const args = process.argv.slice(2);
  const jobs = loadJobs();
  const problems = validateJobs(jobs);
  if (problems.length) {
    problems.forEach((p) => console.error(`lineage/jobs.yaml: ${p}`));
    process.exitCode = 2;
    return;
  }
  if (args[0] === '--list' || !args.length) {
    for (const [name, spec] of Object.entries(jobs)) {
      console.log(`${name}: ${(spec.inputs || []).length} input(s) -> ${(spec.outputs || []).length} output(s)`);
    }
    return;
  }
  const sep = args.indexOf('--');
  if (sep !== 1 || args.length < 3) throw new Error('usage: run-with-lineage.js <job> -- <command...>');
  const job = args[0];
  const spec = jobs[job];
  if (!spec) throw new Error(`job ${job} not declared in lineage/jobs.yaml`);

  const runId = crypto.randomUUID();
  await send(event('START', job, runId, spec));
  const result = await run(args.slice(2));
  const facets = {
    runtime: {
      _producer: PRODUCER,
      _schemaURL: SCHEMA_URL,
      host: os.hostname(),
      durationMs: result.ms,
      exitCode: result.code,
    },
  };
  if (result.code === 0) {
    await send(event('COMPLETE', job, runId, spec, facets));
  } else {
    facets.errorMessage = {
      _producer: PRODUCER,
      _schemaURL: SCHEMA_URL,
      message: result.error || `exit ${result.code}${result.signal ? ` (${result.signal})` : ''}`,
      programmingLanguage: 'shell',
    };
    await send(event('FAIL', job, runId, spec, facets));
  }
  console.error(`lineage: run ${runId} ${result.code === 0 ? 'COMPLETE' : 'FAIL'} in ${(result.ms / 1000).toFixed(1)}s`);
  process.exitCode = result.code;
}

main().catch((err) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 2;
});
