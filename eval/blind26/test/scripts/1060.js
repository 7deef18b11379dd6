#!/usr/bin/env node
// tools/blender-jobs.js - run the project's Blender batch jobs (bake, render,
// export glTF) defined in jobs.json, one Blender process per job.
//
// Usage
//   node tools/blender-jobs.js                 # all jobs
//   node tools/blender-jobs.js export-gltf     # jobs whose name contains the filter
//   node tools/blender-jobs.js --parallel 2
//
// Each job is `blender -b <file> -P tools/<script>.py -- <args>`; the script
// must live in tools/ (checked), so only the project's own Python runs inside
// Blender. Every job gets its own temp dir (TMPDIR for Blender) that is
// removed afterwards. Ctrl-C kills only the Blender children started here.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const TOOLS = path.join(ROOT, 'tools');
const LOGS = path.join(ROOT, 'build', 'blender-logs');
const BLENDER = process.env.BLENDER || 'blender';
const running = new Set();

function loadJobs(filter) {
  const jobs = JSON.parse(fs.readFileSync(path.join(ROOT, 'jobs.json'), 'utf8'));
  return jobs
    .filter((j) => !filter || j.name.includes(filter))
    .map((j) => {
      const script = path.resolve(TOOLS, j.script);
      if (path.dirname(script) !== TOOLS) throw new Error(`${j.name}: script must be in tools/`);
      if (!fs.existsSync(script)) throw new Error(`${j.name}: ${j.script} not found`);
      const blend = path.resolve(ROOT, j.file);
      if (!blend.startsWith(ROOT + path.sep)) throw new Error(`${j.name}: .blend outside the project`);
      if (!fs.existsSync(blend)) throw new Error(`${j.name}: ${j.file} not found`);
      return { ...j, script, blend, args: (j.args || []).map(String) };
    });
}

function runJob(job) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `blender-${job.name}-`));
  const logFile = path.join(LOGS, `${job.name}.log`);
  const log = fs.createWriteStream(logFile);
  const argv = ['-b', job.blend, '-P', job.script, '--', ...job.args];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(BLENDER, argv, {
      cwd: ROOT,
      env: { ...process.env, TMPDIR: tmp, BLENDER_USER_SCRIPTS: TOOLS },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    let timer = null;
    if (job.timeoutMinutes) {
      timer = setTimeout(() => child.kill('SIGTERM'), job.timeoutMinutes * 60_000);
    }
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      log.end();
      fs.rmSync(tmp, { recursive: true, force: true });
      const text = fs.readFileSync(logFile, 'utf8');
      const pyError = /Traceback \(most recent call last\)/.test(text);
      resolve({
        name: job.name,
        ok: code === 0 && !pyError,
        code,
        signal,
        pyError,
        seconds: (Date.now() - started) / 1000,
      });
    });
  });
}

function killAll() {
  for (const child of running) child.kill('SIGTERM');
}

async function runAll(jobs, parallel) {
  const queue = [...jobs];
  const results = [];
  async function lane() {
    for (let job = queue.shift(); job; job = queue.shift()) {
      console.log(`▶ ${job.name}`);
      const r = await runJob(job);
      results.push(r);
      console.log(`${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds.toFixed(0)}s${r.pyError ? ', python error' : ''}${r.signal ? `, ${r.signal}` : ''})`);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, lane));
  return results;
}

function outputsReport(jobs) {
  // list declared outputs and whether they exist after the run
  for (const job of jobs) {
    for (const out of job.outputs || []) {
      const file = path.join(ROOT, out);
      const exists = fs.existsSync(file);
      const size = exists ? `${(fs.statSync(file).size / 1024).toFixed(0)} KiB` : 'missing';
      console.log(`  ${job.name}: ${out} (${size})`);
    }
  }
}

function blenderVersion() {
  // jobs.json may pin a minimum Blender version (e.g. "4.2"); check it up front
  return new Promise((resolve) => {
    const child = spawn(BLENDER, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', () => resolve(null));
    child.on('close', () => resolve(/Blender (\d+\.\d+)/.exec(out)?.[1] || null));
  });
}

function versionAtLeast(have, want) {
  const [a1, a2] = have.split('.').map(Number);
  const [b1, b2] = want.split('.').map(Number);
  return a1 > b1 || (a1 === b1 && a2 >= b2);
}

async function checkVersion(jobs) {
  const have = await blenderVersion();
  if (!have) throw new Error(`${BLENDER} not found; set BLENDER=/path/to/blender`);
  const wants = jobs.map((j) => j.minBlender).filter(Boolean);
  for (const want of wants) {
    if (!versionAtLeast(have, want)) throw new Error(`jobs need Blender ${want}+, found ${have}`);
  }
  console.log(`Blender ${have}`);
}

function writeSummary(results) {
  const file = path.join(LOGS, 'summary.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ finishedAt: new Date().toISOString(), results }, null, 2) + '\n',
  );
}

function parseArgs() {
  const argv = process.argv.slice(2);
  const opts = { filter: null, parallel: 1 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--parallel') opts.parallel = Number(argv[++i]);
    else if (!argv[i].startsWith('-')) opts.filter = argv[i];
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!(opts.parallel >= 1 && opts.parallel <= 4)) throw new Error('--parallel must be 1-4');
  return opts;
}

async function main() {
  const opts = parseArgs();
  const jobs = loadJobs(opts.filter);
  if (!jobs.length) {
    console.log('no jobs match');
    return;
  }
  await checkVersion(jobs);
  fs.mkdirSync(LOGS, { recursive: true });
  process.on('SIGINT', () => {
    console.log('\nstopping Blender jobs…');
    killAll();
    process.exitCode = 130;
  });
  const results = await runAll(jobs, opts.parallel);
  outputsReport(jobs);
  writeSummary(results);
  const failed = results.filter((r) => !r.ok);
  if (failed.length) console.log(`failed: ${failed.map((r) => r.name).join(', ')} (logs in build/blender-logs/)`);
  if (process.exitCode !== 130) process.exitCode = failed.length ? 1 : 0;
}

main().catch((err) => {
  console.error(`blender-jobs: ${err.message}`);
  killAll();
  process.exitCode = 1;
});
