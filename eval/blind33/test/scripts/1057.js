#!/usr/bin/env node
/*
 * container-chaos.js - container-level fault injection with pumba, limited to
 * the containers of this repository's e2e compose project.
 *
 * Experiments are defined in tests/chaos/pumba.json:
 *
 *   [{ "name": "api-latency", "action": "netem", "target": "api",
 *      "args": ["--duration", "30s", "delay", "--time", "300"] }, ...]
 *
 * `target` is a compose *service* name. The runner resolves it to container
 * names with `docker compose -p e2e ps`, refuses any container that does not
 * carry the label com.docker.compose.project=e2e, runs pumba against exactly
 * those names and checks the API health endpoint during the experiment.
 *
 *   node tests/chaos/container-chaos.js             run all
 *   node tests/chaos/container-chaos.js api-latency
 *   node tests/chaos/container-chaos.js --list
 */
'use strict';

const { execFile, spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { promisify } = require('node:util');

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');
const SPEC = path.join(__dirname, 'pumba.json');
const PROJECT = 'e2e';
const COMPOSE_FILE = path.join(ROOT, 'tests', 'e2e', 'compose.yaml');
const HEALTH = process.env.E2E_HEALTH_URL || 'http://127.0.0.1:18080/healthz';
const ALLOWED_ACTIONS = new Set(['netem', 'pause', 'stop', 'kill', 'stress']);
const ARG_OK = /^[A-Za-z0-9%._:=-]+$/;
const pause = (ms) => new Promise((done) => setTimeout(done, ms));

async function compose(...args) {
  const { stdout } = await execFileP('docker', ['compose', '-p', PROJECT, '-f', COMPOSE_FILE, ...args]);
  return stdout;
}

async function containersFor(service) {
  const out = await compose('ps', '--format', 'json', service);
  const rows = out
    .trim()
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      const parsed = JSON.parse(line);
      return Array.isArray(parsed) ? parsed : [parsed];
    });
  const names = [];
  for (const row of rows) {
    const { stdout } = await execFileP('docker', [
      'inspect',
      '--format',
      '{{ index .Config.Labels "com.docker.compose.project" }}',
      row.Name,
    ]);
    if (stdout.trim() !== PROJECT) throw new Error(`container ${row.Name} is not part of project ${PROJECT}`);
    names.push(row.Name);
  }
  return names;
}

function validate(exp) {
  if (!ALLOWED_ACTIONS.has(exp.action)) throw new Error(`${exp.name}: action ${exp.action} not allowed`);
  for (const a of exp.args || []) {
    if (!ARG_OK.test(String(a))) throw new Error(`${exp.name}: suspicious argument ${a}`);
  }
  if (exp.action === 'kill' && !(exp.args || []).includes('--signal')) {
    throw new Error(`${exp.name}: kill must name an explicit --signal`);
  }
}

async function healthy() {
  const started = Date.now();
  try {
    const res = await fetch(HEALTH, { signal: AbortSignal.timeout(2000) });
    return { ok: res.ok, ms: Date.now() - started };
  } catch {
    return { ok: false, ms: Date.now() - started };
  }
}

function runPumba(exp, containers) {
  const args = ['--log-level', 'info', exp.action, ...(exp.args || []), ...containers];
  console.log(`  pumba ${args.join(' ')}`);
  return spawn('pumba', args, { stdio: ['ignore', 'inherit', 'inherit'] });
}

async function runExperiment(exp) {
  validate(exp);
  const containers = await containersFor(exp.target);
  if (!containers.length) throw new Error(`${exp.name}: no running container for service ${exp.target}`);
  const child = runPumba(exp, containers);
  const samples = [];
  let done = false;
  child.on('exit', () => {
    done = true;
  });
  const maxMs = (exp.maxSeconds || 60) * 1000;
  const start = Date.now();
  while (!done && Date.now() - start < maxMs) {
    samples.push(await healthy());
    await pause(1000);
  }
  if (!done) {
    child.kill('SIGTERM');
    await pause(1000);
  }
  if (exp.action === 'stop' || exp.action === 'pause') {
    await compose('up', '-d', exp.target);
  }
  const ok = samples.filter((s) => s.ok).length;
  const availability = samples.length ? ok / samples.length : 0;
  const p95 = samples
    .map((s) => s.ms)
    .sort((a, b) => a - b)[Math.max(0, Math.floor(samples.length * 0.95) - 1)];
  return { name: exp.name, availability, p95: p95 || 0, samples: samples.length };
}

async function preflight() {
  // the e2e stack must be up and healthy before injecting faults
  for (const tool of ['docker', 'pumba']) {
    try {
      await execFileP(tool, ['--version']);
    } catch {
      throw new Error(`${tool} is not installed`);
    }
  }
  const before = await healthy();
  if (!before.ok) throw new Error(`API not healthy before the experiments (${HEALTH}); start the e2e stack first`);
  console.log(`baseline health ok in ${before.ms} ms`);
}

async function main() {
  const args = process.argv.slice(2);
  const experiments = JSON.parse(fs.readFileSync(SPEC, 'utf8'));
  if (!args.includes('--list')) await preflight();
  if (args.includes('--list')) {
    for (const e of experiments) console.log(`${e.name.padEnd(24)} ${e.action.padEnd(7)} ${e.target}`);
    return;
  }
  const selected = args.length ? experiments.filter((e) => args.includes(e.name)) : experiments;
  if (!selected.length) throw new Error('no experiment selected');

  const results = [];
  for (const exp of selected) {
    console.log(`== ${exp.name}`);
    try {
      results.push(await runExperiment(exp));
    } catch (err) {
      console.error(`  ${err.message}`);
      results.push({ name: exp.name, error: err.message });
    }
    await pause(3000);
  }

  const outDir = path.join(ROOT, 'build', 'chaos');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'container-chaos.json'), JSON.stringify(results, null, 2));
  let failures = 0;
  for (const r of results) {
    if (r.error) {
      failures += 1;
      console.log(`ERROR ${r.name}: ${r.error}`);
      continue;
    }
    const target = selected.find((e) => e.name === r.name).minAvailability ?? 0.9;
    const pass = r.availability >= target;
    if (!pass) failures += 1;
    console.log(`${pass ? 'PASS ' : 'FAIL '} ${r.name}: availability ${(r.availability * 100).toFixed(1)}% (min ${target * 100}%), p95 ${r.p95} ms`);
  }
  process.exitCode = failures ? 1 : 0;
}

main().catch((err) => {
  console.error(`container-chaos: ${err.message}`);
  process.exitCode = 2;
});
