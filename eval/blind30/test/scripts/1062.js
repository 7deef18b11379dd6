#!/usr/bin/env node
/*
 * sas-runner.js - run SAS programs listed in sas/jobs.json and turn their logs into a report
 *
 *   node tools/sas-runner.js            # all jobs
 *   node tools/sas-runner.js --only t2  # jobs whose name contains "t2"
 *
 * jobs.json: [{ "name": "t1_demographics", "program": "sas/t1.sas", "sysparm": "cut=2024Q2",
 *               "timeoutMinutes": 30 }]
 * Each program runs as `sas -nodms -noterminal -sysin <program> -log <...> -print <...>
 * -work <tmp>` via spawn (argv array). WORK goes to a per-job temp folder that is deleted
 * afterwards; a job exceeding its timeout is terminated (only that child). Results:
 * build/sas/report.html and build/sas/report.json.
 */
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'build', 'sas');
const SAS = process.env.SAS_EXECUTABLE || 'sas';
const CHECKS = [
  { id: 'error', re: /^ERROR(?: \d+-\d+)?:(.*)$/gm, severity: 'error' },
  { id: 'uninitialized', re: /^NOTE: Variable (\S+) is uninitialized/gm, severity: 'error' },
  { id: 'merge-repeats', re: /^NOTE: MERGE statement has more than one data set with repeats/gm, severity: 'error' },
  { id: 'missing-values', re: /^NOTE: Missing values were generated/gm, severity: 'warning' },
  { id: 'conversion', re: /^NOTE: (?:Character|Numeric) values have been converted/gm, severity: 'warning' },
  { id: 'warning', re: /^WARNING:(.*)$/gm, severity: 'warning' },
];
const running = new Set();

function loadJobs(filter) {
  const jobs = JSON.parse(fs.readFileSync(path.join(ROOT, 'sas', 'jobs.json'), 'utf8'));
  return jobs.filter((j) => !filter || j.name.includes(filter)).map((j) => {
    const program = path.resolve(ROOT, j.program);
    if (!program.startsWith(ROOT + path.sep)) throw new Error(`${j.name}: program outside the repository`);
    if (!fs.existsSync(program)) throw new Error(`${j.name}: ${j.program} not found`);
    return { ...j, program, timeoutMs: (j.timeoutMinutes || 60) * 60000 };
  });
}

function runJob(job) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `saswork-${job.name}-`));
  const log = path.join(OUT, `${job.name}.log`);
  const lst = path.join(OUT, `${job.name}.lst`);
  const args = ['-nodms', '-noterminal', '-sysin', job.program, '-log', log, '-print', lst, '-work', work];
  if (job.sysparm) args.push('-sysparm', job.sysparm);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(SAS, args, { cwd: ROOT, stdio: 'ignore' });
    running.add(child);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 15000).unref();
    }, job.timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      running.delete(child);
      fs.rmSync(work, { recursive: true, force: true });
      resolve({ name: job.name, code: timedOut ? 'timeout' : code, seconds: Math.round((Date.now() - started) / 1000), log });
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      running.delete(child);
      fs.rmSync(work, { recursive: true, force: true });
      resolve({ name: job.name, code: `spawn error: ${err.message}`, seconds: 0, log });
    });
  });
}

function analyse(result) {
  if (!fs.existsSync(result.log)) return { ...result, findings: [{ id: 'no-log', severity: 'error', count: 1, examples: [] }] };
  const text = fs.readFileSync(result.log, 'latin1');
  const findings = [];
  for (const c of CHECKS) {
    const matches = [...text.matchAll(c.re)];
    if (matches.length) findings.push({ id: c.id, severity: c.severity, count: matches.length, examples: matches.slice(0, 3).map((m) => m[0].slice(0, 160)) });
  }
  return { ...result, findings };
}

function status(r) {
  if (r.code === 'timeout') return 'TIMEOUT';
  if (typeof r.code !== 'number' || r.code >= 2 || r.findings.some((f) => f.severity === 'error')) return 'FAILED';
  if (r.code === 1 || r.findings.length) return 'WARN';
  return 'OK';
}

function html(results) {
  const esc = (s) => String(s).replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' }[c]));
  const rows = results.map((r) => `<tr class="${status(r).toLowerCase()}"><td>${esc(r.name)}</td><td>${status(r)}</td><td>${r.seconds}s</td>
<td>${r.findings.map((f) => `${esc(f.id)} ×${f.count}<br><small>${f.examples.map(esc).join('<br>')}</small>`).join('<hr>')}</td></tr>`).join('\n');
  return `<!doctype html><meta charset="utf-8"><title>SAS run</title>
<style>body{font:13px sans-serif}td{vertical-align:top;padding:4px 8px;border-bottom:1px solid #ccc}.failed,.timeout{background:#fdd}.warn{background:#ffd}</style>
<h1>SAS run ${new Date().toISOString()}</h1><table>${rows}</table>`;
}

function checkSetup() {
  // SAS prints a licence error into the log and exits 2; detect that before running jobs
  const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasprobe-'));
  const program = path.join(probeDir, 'probe.sas');
  fs.writeFileSync(program, 'data _null_; put "SASPROBE_OK"; run;\n');
  return new Promise((resolve) => {
    const child = spawn(SAS, ['-nodms', '-noterminal', '-sysin', program, '-log', path.join(probeDir, 'probe.log'), '-work', probeDir], { stdio: 'ignore' });
    child.on('error', (err) => {
      fs.rmSync(probeDir, { recursive: true, force: true });
      resolve(`cannot start ${SAS}: ${err.message}`);
    });
    child.on('close', () => {
      const log = fs.existsSync(path.join(probeDir, 'probe.log')) ? fs.readFileSync(path.join(probeDir, 'probe.log'), 'latin1') : '';
      fs.rmSync(probeDir, { recursive: true, force: true });
      if (/SASPROBE_OK/.test(log)) resolve(null);
      else if (/expired|SETINIT/i.test(log)) resolve('SAS licence problem (check SETINIT)');
      else resolve('SAS probe did not produce the expected log');
    });
  });
}

function compareWithLastRun(results) {
  // highlight jobs that got much slower than in the previous report
  const file = path.join(OUT, 'report.json');
  if (!fs.existsSync(file)) return;
  let previous;
  try {
    previous = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return;
  }
  const before = new Map(previous.map((r) => [r.name, r.seconds]));
  for (const r of results) {
    const old = before.get(r.name);
    if (old && r.seconds > old * 2 && r.seconds > 60) {
      console.log(`note: ${r.name} took ${r.seconds}s (previous run ${old}s)`);
    }
  }
}

async function main() {
  const problem = await checkSetup();
  if (problem) throw new Error(problem);
  const oi = process.argv.indexOf('--only');
  const jobs = loadJobs(oi >= 0 ? process.argv[oi + 1] : null);
  if (!jobs.length) throw new Error('no jobs selected');
  fs.mkdirSync(OUT, { recursive: true });
  const stop = () => {
    for (const c of running) c.kill('SIGTERM');
    process.exit(130);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const results = [];
  for (const job of jobs) {
    process.stdout.write(`${job.name} ... `);
    const r = analyse(await runJob(job));
    results.push(r);
    console.log(`${status(r)} (${r.seconds}s)`);
    if (status(r) === 'FAILED' || status(r) === 'TIMEOUT') break;
  }
  compareWithLastRun(results);
  const totals = results.reduce((acc, r) => {
    const s = status(r);
    acc[s] = (acc[s] || 0) + 1;
    return acc;
  }, {});
  console.log(`totals: ${JSON.stringify(totals)}; ${jobs.length - results.length} job(s) not run`);
  fs.writeFileSync(path.join(OUT, 'report.json'), JSON.stringify(results, null, 2));
  fs.writeFileSync(path.join(OUT, 'report.html'), html(results));
  console.log(`report: ${path.relative(ROOT, path.join(OUT, 'report.html'))}`);
  process.exitCode = results.every((r) => ['OK', 'WARN'].includes(status(r))) && results.length === jobs.length ? 0 : 1;
}

main().catch((err) => {
  console.error(`sas-runner: ${err.message}`);
  process.exit(1);
});
