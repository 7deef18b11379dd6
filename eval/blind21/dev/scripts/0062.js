#!/usr/bin/env node
// deploy/nomad-deploy.js - render and deploy the Nomad jobs of this service.
//
//   node deploy/nomad-deploy.js dev                 plan against the local agent
//   node deploy/nomad-deploy.js dev --run           plan, then run
//   node deploy/nomad-deploy.js staging --run       needs NOMAD_TOKEN
//   node deploy/nomad-deploy.js dev --stop api      stop (no purge) one of our jobs
//
// Targets and their Nomad addresses live in deploy/targets.json. Production
// is not a target here; the release pipeline owns it. Job names are always
// prefixed with the service name and --stop refuses any other job.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const os = require('node:os');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const JOBS = path.join(ROOT, 'deploy', 'jobs');
const TARGETS = JSON.parse(fs.readFileSync(path.join(ROOT, 'deploy', 'targets.json'), 'utf8'));
const SERVICE = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).name.replace(/^@.*\//, '');

function die(msg, code = 1) {
  console.error(`nomad-deploy: ${msg}`);
  process.exit(code);
}

function target(name) {
  const t = TARGETS[name];
  if (!t) die(`unknown target ${name}; have ${Object.keys(TARGETS).join(', ')}`);
  const host = new URL(t.address).hostname;
  if (!['127.0.0.1', 'localhost'].includes(host) && !host.endsWith('.internal')) {
    die(`target ${name} points at ${host}, which is not local or internal`);
  }
  if (t.requiresToken && !process.env.NOMAD_TOKEN) die(`target ${name} needs NOMAD_TOKEN`);
  return t;
}

function nomad(t, args, opts = {}) {
  const env = { ...process.env, NOMAD_ADDR: t.address };
  if (!t.requiresToken) delete env.NOMAD_TOKEN; // never send a real token to the dev agent
  const res = spawnSync('nomad', args, { env, encoding: 'utf8', ...opts });
  if (res.error) die(`nomad: ${res.error.message}`);
  return res;
}

function render(t, tmpDir) {
  const vars = { ...t.vars, service: SERVICE, image_tag: imageTag(), datacenter: t.datacenter || 'dc1' };
  const out = [];
  for (const f of fs.readdirSync(JOBS).filter((n) => n.endsWith('.nomad.hcl')).sort()) {
    let text = fs.readFileSync(path.join(JOBS, f), 'utf8');
    text = text.replace(/\$\{\{\s*([a-z_]+)\s*\}\}/g, (m, key) => {
      if (!(key in vars)) die(`${f}: unknown variable ${key}`);
      return String(vars[key]);
    });
    const jobName = /^job\s+"([^"]+)"/m.exec(text)?.[1];
    if (!jobName || !jobName.startsWith(`${SERVICE}-`)) die(`${f}: job name must start with ${SERVICE}-`);
    const dest = path.join(tmpDir, f);
    fs.writeFileSync(dest, text);
    out.push({ file: dest, name: jobName, source: f });
  }
  return out;
}

function imageTag() {
  const res = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  return res.stdout.trim() + (dirty ? '-dirty' : '');
}

function plan(t, job) {
  const res = nomad(t, ['job', 'plan', '-diff', '-no-color', job.file]);
  // exit 0: no changes, 1: changes, 255: error
  if (res.status === 255) die(`plan failed for ${job.name}:\n${res.stderr}`);
  const index = /-check-index (\d+)/.exec(res.stdout)?.[1];
  const changed = res.status === 1;
  console.log(`${job.name}: ${changed ? 'changes' : 'no changes'}`);
  if (changed) console.log(res.stdout.split('\n').filter((l) => /^[+~-]/.test(l.trim())).slice(0, 40).join('\n'));
  return { changed, index };
}

function run(t, job, index) {
  const args = ['job', 'run', '-detach'];
  if (index) args.push('-check-index', index);
  args.push(job.file);
  const res = nomad(t, args, { stdio: 'inherit' });
  if (res.status !== 0) die(`run failed for ${job.name}`);
}

function waitHealthy(t, job, seconds = 180) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const res = nomad(t, ['job', 'status', '-short', job.name]);
    const statusLine = res.stdout.split('\n').find((l) => l.startsWith('Status'));
    if (statusLine && /running/.test(statusLine)) {
      const dep = nomad(t, ['job', 'deployment', '-latest', job.name]);
      if (/successful/.test(dep.stdout) || !dep.stdout.trim()) return true;
      if (/failed/.test(dep.stdout)) return false;
    }
    spawnSync('sleep', ['3']);
  }
  return false;
}

function stop(t, shortName) {
  const name = `${SERVICE}-${shortName}`;
  const list = nomad(t, ['job', 'status', '-short']).stdout;
  if (!list.split('\n').some((l) => l.split(/\s+/)[0] === name)) die(`no job ${name} on this target`);
  const res = nomad(t, ['job', 'stop', '-yes', name], { stdio: 'inherit' });
  if (res.status !== 0) die(`stop failed for ${name}`);
  console.log(`stopped ${name} (job history kept; no -purge)`);
}

function validateAll(t, jobs) {
  let bad = 0;
  for (const j of jobs) {
    const res = nomad(t, ['job', 'validate', j.file]);
    if (res.status !== 0) {
      bad += 1;
      console.error(`${j.source}: invalid\n${res.stderr.trim()}`);
    }
  }
  if (bad) die(`${bad} job file(s) failed validation`);
}

function checkImageExists(t, tag) {
  // the registry for non-local targets must already have the image; for the
  // dev agent we build locally, so skip the check
  if (!t.registry) return;
  const ref = `${t.registry}/${SERVICE}:${tag}`;
  const res = spawnSync('skopeo', ['inspect', '--raw', `docker://${ref}`], { encoding: 'utf8' });
  if (res.status !== 0) die(`image ${ref} not found; push it before deploying`);
}

function showAllocations(t, jobs) {
  // a short table of where each job's allocations ended up
  for (const j of jobs) {
    const res = nomad(t, ['job', 'allocs', '-json', j.name]);
    if (res.status !== 0) continue;
    let allocs = [];
    try {
      allocs = JSON.parse(res.stdout);
    } catch {
      continue;
    }
    for (const a of allocs.slice(0, 10)) {
      console.log(`  ${j.name.padEnd(24)} ${a.ID.slice(0, 8)} ${a.NodeName.padEnd(20)} ${a.ClientStatus}`);
    }
  }
}

function recordDeploy(targetName, jobs) {
  const file = path.join(ROOT, 'build', 'deploys.jsonl');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const entry = { at: new Date().toISOString(), target: targetName, tag: imageTag(), jobs: jobs.map((j) => j.name) };
  fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

function main() {
  const [targetName, ...rest] = process.argv.slice(2);
  if (!targetName) die('usage: nomad-deploy.js <target> [--run] [--stop <job>]');
  const t = target(targetName);
  const stopIdx = rest.indexOf('--stop');
  if (stopIdx >= 0) return stop(t, rest[stopIdx + 1] || die('--stop needs a job name'));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nomad-render-'));
  try {
    const jobs = render(t, tmp);
    validateAll(t, jobs);
    if (rest.includes('--run')) checkImageExists(t, imageTag());
    const plans = jobs.map((j) => ({ job: j, ...plan(t, j) }));
    if (!rest.includes('--run')) {
      console.log('plan only; pass --run to deploy');
      return;
    }
    for (const p of plans.filter((x) => x.changed)) {
      run(t, p.job, p.index);
      if (!waitHealthy(t, p.job)) die(`${p.job.name} did not become healthy`, 4);
      console.log(`${p.job.name}: healthy`);
    }
    showAllocations(t, jobs);
    recordDeploy(targetName, jobs);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main();
