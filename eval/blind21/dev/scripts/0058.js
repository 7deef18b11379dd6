#!/usr/bin/env node
// scripts/ci-local.js - run the CircleCI / GitLab jobs of this repo locally.
//
//   node scripts/ci-local.js list
//   node scripts/ci-local.js run test            circleci local execute --job test
//   node scripts/ci-local.js run lint --gitlab   gitlab-runner exec docker lint
//   node scripts/ci-local.js validate            validate both configs
//
// Local runs get environment variables from .ci-local.env (gitignored) and
// nothing else; deploy jobs are refused. Docker containers started by the
// runners carry the label ci-local=<repo> and are removed afterwards.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const LABEL = `ci-local=${path.basename(ROOT)}`;
const ENV_FILE = path.join(ROOT, '.ci-local.env');
const BLOCKED = /(deploy|release|publish|promote)/i;

function die(msg, code = 1) {
  console.error(`ci-local: ${msg}`);
  process.exit(code);
}

function have(bin) {
  return spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;
}

function readEnvFile() {
  if (!fs.existsSync(ENV_FILE)) return [];
  const ignored = spawnSync('git', ['check-ignore', '-q', ENV_FILE], { cwd: ROOT }).status === 0;
  if (!ignored) die('.ci-local.env is not gitignored; refusing to read it');
  return fs.readFileSync(ENV_FILE, 'utf8')
    .split(/\r?\n/)
    .filter((l) => /^[A-Z_][A-Z0-9_]*=/.test(l));
}

function circleJobs() {
  const file = path.join(ROOT, '.circleci', 'config.yml');
  if (!fs.existsSync(file)) return [];
  const text = fs.readFileSync(file, 'utf8');
  const jobsBlock = text.split(/^jobs:\s*$/m)[1] || '';
  const jobs = [];
  for (const line of jobsBlock.split('\n')) {
    if (/^\S/.test(line)) break;
    const m = /^ {2}([A-Za-z0-9_-]+):\s*$/.exec(line);
    if (m) jobs.push(m[1]);
  }
  return jobs;
}

function gitlabJobs() {
  const file = path.join(ROOT, '.gitlab-ci.yml');
  if (!fs.existsSync(file)) return [];
  const reserved = new Set(['stages', 'variables', 'default', 'include', 'workflow', 'image', 'services', 'cache']);
  return fs.readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => /^([A-Za-z0-9_-][A-Za-z0-9_ -]*):\s*$/.exec(l))
    .filter(Boolean)
    .map((m) => m[1])
    .filter((name) => !reserved.has(name) && !name.startsWith('.'));
}

function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    console.log(`+ ${cmd} ${args.join(' ')}`);
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    const forward = (sig) => child.kill(sig);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('close', (code) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? 1);
    });
  });
}

function removeOurContainers() {
  if (!have('docker')) return;
  const ps = spawnSync('docker', ['ps', '-aq', '--filter', `label=${LABEL}`], { encoding: 'utf8' });
  const ids = ps.stdout.split('\n').filter(Boolean);
  if (!ids.length) return;
  spawnSync('docker', ['rm', '-f', ...ids], { stdio: 'ignore' });
  console.log(`removed ${ids.length} leftover job container(s)`);
}

async function runCircle(job, envLines) {
  if (!have('circleci')) die('circleci CLI not installed');
  const args = ['local', 'execute', '--job', job, '--docker-opt', `--label=${LABEL}`];
  for (const line of envLines) args.push('-e', line);
  return run('circleci', args);
}

async function runGitlab(job, envLines) {
  if (!have('gitlab-runner')) die('gitlab-runner not installed');
  const args = ['exec', 'docker', '--docker-privileged=false', '--docker-pull-policy=if-not-present'];
  for (const line of envLines) args.push('--env', line);
  args.push(job);
  return run('gitlab-runner', args);
}

async function validate() {
  let failed = 0;
  if (fs.existsSync(path.join(ROOT, '.circleci', 'config.yml')) && have('circleci')) {
    failed += (await run('circleci', ['config', 'validate'])) ? 1 : 0;
  }
  if (fs.existsSync(path.join(ROOT, '.gitlab-ci.yml'))) {
    const token = process.env.GITLAB_TOKEN;
    if (!token) {
      console.log('GITLAB_TOKEN not set; skipping .gitlab-ci.yml lint');
    } else {
      const project = encodeURIComponent(process.env.GITLAB_PROJECT || '');
      if (!project) die('GITLAB_PROJECT (group/name) is needed for CI lint');
      const res = await fetch(`https://gitlab.com/api/v4/projects/${project}/ci/lint`, {
        method: 'POST',
        headers: { 'PRIVATE-TOKEN': token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ content: fs.readFileSync(path.join(ROOT, '.gitlab-ci.yml'), 'utf8') }),
      });
      const body = await res.json();
      console.log(`gitlab lint: ${body.valid ? 'valid' : 'INVALID'}`);
      for (const e of body.errors || []) console.log(`  ${e}`);
      failed += body.valid ? 0 : 1;
    }
  }
  return failed ? 1 : 0;
}

function preflightDocker() {
  if (!have('docker')) die('docker is required for local CI runs');
  const info = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8' });
  if (info.status !== 0) die('docker daemon is not running');
  const df = spawnSync('docker', ['system', 'df', '--format', '{{.Type}} {{.Size}}'], { encoding: 'utf8' });
  console.log(`docker ${info.stdout.trim()}; ${df.stdout.trim().split('\n').join(', ')}`);
}

function recordRun(job, code, seconds) {
  const file = path.join(ROOT, '.ci-local', 'history.jsonl');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(file, `${JSON.stringify({ job, code, seconds, at: new Date().toISOString() })}\n`);
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
  if (lines.length > 200) fs.writeFileSync(file, `${lines.slice(-200).join('\n')}\n`);
}

function lastRuns(n = 10) {
  const file = path.join(ROOT, '.ci-local', 'history.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-n).map((l) => JSON.parse(l));
}

async function main() {
  const [cmd, job, ...rest] = process.argv.slice(2);
  if (cmd === 'history') {
    for (const r of lastRuns()) console.log(`${r.at}  ${r.job.padEnd(20)} ${r.code === 0 ? 'ok' : 'FAIL'}  ${r.seconds}s`);
    return 0;
  }
  const useGitlab = rest.includes('--gitlab');
  if (cmd === 'list' || !cmd) {
    console.log('circleci:', circleJobs().join(', ') || '(none)');
    console.log('gitlab:  ', gitlabJobs().join(', ') || '(none)');
    return 0;
  }
  if (cmd === 'validate') return validate();
  if (cmd !== 'run' || !job) die('usage: ci-local.js list | validate | run <job> [--gitlab]');
  if (BLOCKED.test(job)) die(`'${job}' looks like a deploy job; those run only in real CI`);
  const known = useGitlab ? gitlabJobs() : circleJobs();
  if (!known.includes(job)) die(`unknown job '${job}' (have: ${known.join(', ')})`);
  preflightDocker();
  const envLines = readEnvFile();
  const start = Date.now();
  try {
    const code = useGitlab ? await runGitlab(job, envLines) : await runCircle(job, envLines);
    const secs = Math.round((Date.now() - start) / 1000);
    recordRun(job, code, secs);
    console.log(`${job}: ${code === 0 ? 'passed' : `failed (${code})`} in ${secs}s`);
    return code;
  } finally {
    removeOurContainers();
  }
}

main().then((code) => { process.exitCode = code; }, (err) => die(err.stack || err.message));
