#!/usr/bin/env node
// tools/run-reports.js - execute the reporting notebooks with papermill.
//
// Reads reports/schedule.json:
//   [{ "notebook": "notebooks/weekly_kpis.ipynb", "params": {"weeks": 4}, "timeout": 1200 }, ...]
// and for each entry runs
//   python -m papermill <nb> <out> -p key value ... --kernel <kernel>
// then `jupyter nbconvert --to html` on the output. Outputs go to
// reports/out/<date>/; the scratch directory is removed afterwards.
// The python interpreter is the project's .venv unless PYTHON is set.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SCHEDULE = path.join(ROOT, 'reports', 'schedule.json');
const OUT_ROOT = path.join(ROOT, 'reports', 'out');
const PYTHON = process.env.PYTHON || path.join(ROOT, '.venv', 'bin', 'python');
const KERNEL = process.env.REPORT_KERNEL || 'python3';
const DEFAULT_TIMEOUT = 900;

function today() {
  return new Date().toISOString().slice(0, 10);
}

function exec(cmd, args, { timeoutSec, logFile, env } = {}) {
  return new Promise((resolve) => {
    const out = logFile ? fs.openSync(logFile, 'a') : 'inherit';
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', out, out],
    });
    let timedOut = false;
    const timer = timeoutSec
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        }, timeoutSec * 1000)
      : null;
    child.on('exit', (code) => {
      if (timer) clearTimeout(timer);
      if (typeof out === 'number') fs.closeSync(out);
      resolve({ code, timedOut });
    });
  });
}

function paramArgs(params) {
  const args = [];
  for (const [k, v] of Object.entries(params || {})) {
    if (typeof v === 'string') args.push('-p', k, v);
    else args.push('-y', `${k}: ${JSON.stringify(v)}`);
  }
  return args;
}

async function loadSchedule(filter) {
  const entries = JSON.parse(await fsp.readFile(SCHEDULE, 'utf8'));
  for (const e of entries) {
    const abs = path.resolve(ROOT, e.notebook);
    if (!abs.startsWith(path.join(ROOT, 'notebooks') + path.sep)) {
      throw new Error(`${e.notebook}: notebooks must live under notebooks/`);
    }
    if (!fs.existsSync(abs)) throw new Error(`${e.notebook} does not exist`);
  }
  return filter.length ? entries.filter((e) => filter.some((f) => e.notebook.includes(f))) : entries;
}

async function runOne(entry, scratch, outDir, logDir) {
  const name = path.basename(entry.notebook, '.ipynb');
  const executed = path.join(scratch, `${name}.ipynb`);
  const logFile = path.join(logDir, `${name}.log`);
  const params = { run_date: today(), ...entry.params };
  const started = Date.now();
  const pm = await exec(
    PYTHON,
    ['-m', 'papermill', entry.notebook, executed, '--kernel', KERNEL, '--log-output', '--no-progress-bar', ...paramArgs(params)],
    { timeoutSec: entry.timeout || DEFAULT_TIMEOUT, logFile, env: { MPLBACKEND: 'Agg' } },
  );
  const seconds = Math.round((Date.now() - started) / 1000);
  if (pm.code !== 0) {
    if (fs.existsSync(executed)) await fsp.copyFile(executed, path.join(outDir, `${name}.failed.ipynb`));
    return { name, ok: false, seconds, reason: pm.timedOut ? 'timeout' : `papermill exit ${pm.code}` };
  }
  const conv = await exec(
    PYTHON,
    ['-m', 'jupyter', 'nbconvert', '--to', 'html', '--no-input', '--output-dir', outDir, executed],
    { logFile },
  );
  if (conv.code !== 0) return { name, ok: false, seconds, reason: 'nbconvert failed' };
  return { name, ok: true, seconds, html: `${name}.html` };
}

function indexHtml(date, results) {
  const rows = results
    .map((r) => {
      const link = r.ok ? `<a href="${r.html}">${r.name}</a>` : r.name;
      return `<tr><td>${link}</td><td>${r.ok ? 'ok' : r.reason}</td><td>${r.seconds}s</td></tr>`;
    })
    .join('\n');
  return `<!doctype html><meta charset="utf-8"><title>Reports ${date}</title>
<h1>Reports ${date}</h1><table>${rows}</table>\n`;
}

async function pruneOld(keepDays = 30) {
  if (!fs.existsSync(OUT_ROOT)) return 0;
  const cutoff = Date.now() - keepDays * 86400000;
  let removed = 0;
  for (const d of await fsp.readdir(OUT_ROOT)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) continue;
    if (new Date(d).getTime() < cutoff) {
      await fsp.rm(path.join(OUT_ROOT, d), { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

async function checkKernel() {
  // papermill fails late with a confusing error when the kernel is missing
  const r = await new Promise((resolve) => {
    const child = spawn(PYTHON, ['-m', 'jupyter', 'kernelspec', 'list', '--json'], { cwd: ROOT });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
  if (r.code !== 0) throw new Error('jupyter is not installed in the venv');
  const specs = JSON.parse(r.out).kernelspecs || {};
  if (!(KERNEL in specs)) {
    throw new Error(`kernel ${KERNEL} not found; available: ${Object.keys(specs).join(', ')}`);
  }
}

function summary(results) {
  const ok = results.filter((r) => r.ok).length;
  const total = results.reduce((s, r) => s + r.seconds, 0);
  return `${ok}/${results.length} notebooks ok in ${Math.round(total / 60)} min`;
}

async function main() {
  const args = process.argv.slice(2);
  const keepGoing = args.includes('--keep-going');
  await checkKernel();
  const filter = args.filter((a) => !a.startsWith('--'));
  if (!fs.existsSync(PYTHON)) throw new Error(`${PYTHON} not found; create the venv (make venv)`);

  const entries = await loadSchedule(filter);
  const date = today();
  const outDir = path.join(OUT_ROOT, date);
  const logDir = path.join(outDir, 'logs');
  await fsp.mkdir(logDir, { recursive: true });
  const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'reports-'));

  const results = [];
  try {
    for (const entry of entries) {
      console.log(`running ${entry.notebook}`);
      const r = await runOne(entry, scratch, outDir, logDir);
      results.push(r);
      console.log(`  ${r.ok ? 'ok' : 'FAILED: ' + r.reason} (${r.seconds}s)`);
      if (!r.ok && !keepGoing) break;
    }
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
    await fsp.writeFile(path.join(outDir, 'index.html'), indexHtml(date, results));
    await fsp.writeFile(path.join(outDir, 'results.json'), JSON.stringify(results, null, 2));
  }
  const pruned = await pruneOld();
  if (pruned) console.log(`pruned ${pruned} old report folder(s)`);
  console.log(summary(results));
  console.log(`reports: ${path.relative(ROOT, outDir)}/index.html`);
  if (results.some((r) => !r.ok)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(`run-reports: ${err.message}`);
  process.exitCode = 1;
});
