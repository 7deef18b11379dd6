#!/usr/bin/env node
/*
 * scripts/act-matrix.js
 *
 * Run a GitHub Actions workflow locally with `act` for each event payload in
 * .github/act-events/, e.g. to check the release-notes workflow against a
 * push, a pull_request and a workflow_dispatch event before merging.
 *
 *   node scripts/act-matrix.js .github/workflows/notes.yml
 *   node scripts/act-matrix.js .github/workflows/notes.yml --only pull_request
 *   node scripts/act-matrix.js --list
 *
 * Secrets: act receives --secret-file .secrets.act from the repository (a
 * gitignored file with test values). The GITHUB_TOKEN passed to act is a
 * fine-grained read-only token from ACT_GITHUB_TOKEN, if set; otherwise act
 * runs without one. Workflows whose jobs contain "deploy"/"publish" in their
 * id are refused, and every run uses --pull=false after the first image pull.
 *
 * Results are summarised in build/act-matrix.json.
 *
 * Event payload files are named <event>[.<variant>].json, for example
 *   push.json
 *   pull_request.opened.json
 *   pull_request.labeled.json
 *   workflow_dispatch.json
 */
'use strict';

// Requirements
// ------------
//   act >= 0.2.60, docker (act runs every job in a container), Node 20+,
//   and the `yaml` package from devDependencies.
//
// Images
// ------
// act's default "medium" images are used (configured in ~/.actrc by the
// developer, not here). The first event of a run may pull images; later
// events reuse them with --pull=false so a matrix of five events does not
// pull five times.
//
// Secrets and tokens
// ------------------
// .secrets.act holds fake values for the secrets the workflows reference
// (SLACK_WEBHOOK_URL=https://hooks.slack.com/services/T000/B000/XXXX and
// so on); a real secret never belongs in that file. ACT_GITHUB_TOKEN is
// optional and should be a fine-grained token with read-only contents
// access, used only when a workflow calls the GitHub API.
// The developer's own GITHUB_TOKEN is removed from the child environment
// so it cannot leak into a job by accident.
//
// Why refuse deploy/publish workflows
// -----------------------------------
// Those workflows talk to production systems; running them from a laptop
// with test secrets either fails confusingly or, worse, half-succeeds.
// They are exercised in CI on protected branches only.
//
// Exit status
// -----------
//   0  every event run passed
//   1  at least one run failed, or a usage/config error
//
// Adding an event
// ---------------
//   1. capture a payload: gh api repos/<org>/<repo>/events | jq '.[0].payload'
//   2. trim it to the fields the workflow reads
//   3. save it as .github/act-events/<event>[.<variant>].json
//
// Troubleshooting
// ---------------
// "unable to get git repo": run from inside the repository.
// "Cannot connect to the Docker daemon": start docker/colima first.
// Jobs hanging on "docker pull": check the network or use --pull=false.
//
// The summary table at the end lists each event with pass/FAIL and the
// time it took; build/act-matrix.json has the same data for tooling.
//

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');

const ROOT = path.resolve(__dirname, '..');
const EVENTS_DIR = path.join(ROOT, '.github', 'act-events');
const SECRET_FILE = path.join(ROOT, '.secrets.act');
const REPORT = path.join(ROOT, 'build', 'act-matrix.json');
const BLOCKED = /(deploy|publish|release-upload)/i;

function die(msg) {
  console.error(`act-matrix: ${msg}`);
  process.exit(1);
}

function have(bin) {
  return spawnSync(bin, ['--version'], { stdio: 'ignore' }).status === 0;
}

function events(only) {
  if (!fs.existsSync(EVENTS_DIR)) die('.github/act-events/ does not exist');
  return fs.readdirSync(EVENTS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ file: path.join(EVENTS_DIR, f), event: f.split('.')[0], label: f.replace(/\.json$/, '') }))
    .filter((e) => !only || e.event === only);
}

function workflowInfo(file) {
  const doc = YAML.parse(fs.readFileSync(file, 'utf8'));
  const on = doc.on || doc[true] || {};
  const triggers = typeof on === 'string' ? [on] : Array.isArray(on) ? on : Object.keys(on);
  const jobs = Object.keys(doc.jobs || {});
  return { name: doc.name || path.basename(file), triggers, jobs };
}

function secretsArgs() {
  if (!fs.existsSync(SECRET_FILE)) return [];
  const ignored = spawnSync('git', ['check-ignore', '-q', SECRET_FILE], { cwd: ROOT }).status === 0;
  if (!ignored) die('.secrets.act must be gitignored');
  return ['--secret-file', SECRET_FILE];
}

function runAct(workflow, ev, firstRun) {
  return new Promise((resolve) => {
    const args = [ev.event, '-W', workflow, '-e', ev.file, '--rm', ...secretsArgs()];
    if (!firstRun) args.push('--pull=false');
    const env = { ...process.env };
    delete env.GITHUB_TOKEN;
    if (process.env.ACT_GITHUB_TOKEN) args.push('-s', 'GITHUB_TOKEN');
    if (process.env.ACT_GITHUB_TOKEN) env.GITHUB_TOKEN = process.env.ACT_GITHUB_TOKEN;
    const started = Date.now();
    console.log(`\n== ${ev.label}: act ${args.filter((a) => a !== SECRET_FILE).join(' ')}`);
    const child = spawn('act', args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    const forward = () => child.kill('SIGINT');
    process.once('SIGINT', forward);
    child.on('close', (code) => {
      process.off('SIGINT', forward);
      resolve({ event: ev.label, ok: code === 0, code, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

function writeReport(workflow, results) {
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, `${JSON.stringify({ workflow, at: new Date().toISOString(), results }, null, 2)}\n`);
}

function listAll() {
  const dir = path.join(ROOT, '.github', 'workflows');
  for (const f of fs.readdirSync(dir).filter((x) => /\.ya?ml$/.test(x))) {
    const info = workflowInfo(path.join(dir, f));
    const blocked = info.jobs.some((j) => BLOCKED.test(j)) ? '  (not runnable locally)' : '';
    console.log(`${f.padEnd(28)} on: ${info.triggers.join(', ')}  jobs: ${info.jobs.join(', ')}${blocked}`);
  }
  console.log('\nevents:');
  for (const e of events()) console.log(`  ${e.label}`);
}

async function main() {
  const args = process.argv.slice(2);
  if (!have('act')) die('act is not installed');
  if (!have('docker')) die('docker is required by act');
  if (args.includes('--list')) return listAll();
  const workflow = args.find((a) => !a.startsWith('--'));
  if (!workflow) die('usage: act-matrix.js <workflow.yml> [--only <event>] | --list');
  const wfPath = path.resolve(ROOT, workflow);
  if (!wfPath.startsWith(path.join(ROOT, '.github', 'workflows'))) die('workflow must be in .github/workflows');
  const info = workflowInfo(wfPath);
  const blocked = info.jobs.filter((j) => BLOCKED.test(j));
  if (blocked.length) die(`workflow has deploy/publish jobs (${blocked.join(', ')}); run it in real CI`);
  const onlyIdx = args.indexOf('--only');
  const evs = events(onlyIdx >= 0 ? args[onlyIdx + 1] : undefined).filter((e) => info.triggers.includes(e.event));
  if (!evs.length) die(`no event payloads match the workflow triggers (${info.triggers.join(', ')})`);
  const results = [];
  for (let i = 0; i < evs.length; i += 1) results.push(await runAct(path.relative(ROOT, wfPath), evs[i], i === 0));
  writeReport(workflow, results);
  console.log('\nsummary:');
  for (const r of results) console.log(`  ${r.ok ? 'pass' : 'FAIL'}  ${r.event.padEnd(28)} ${r.seconds}s`);
  process.exitCode = results.every((r) => r.ok) ? 0 : 1;
}

main().catch((err) => die(err.stack || err.message));
