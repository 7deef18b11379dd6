#!/usr/bin/env node
// Run Lighthouse against the locally served production build and enforce the
// performance budgets in lighthouse/budgets.json.
//
//   node tools/lighthouse-ci.js [--pages /,/trips,/settings] [--runs 3] [--keep-server]
//
// Builds apps/web if dist/ is missing, serves it with `vite preview` on
// 127.0.0.1, runs the `lighthouse` CLI (installed as a devDependency) with a
// headless Chrome for each page several times, takes the median, and writes
// reports/lighthouse/<page>.json plus summary.md. The preview server started
// here is stopped at the end. Exits 1 if any budget is exceeded.
'use strict';

const { spawn, execFile } = require('node:child_process');
const { promisify } = require('node:util');
const fs = require('node:fs/promises');
const path = require('node:path');
const net = require('node:net');

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const WEB = path.join(ROOT, 'apps', 'web');
const OUT = path.join(ROOT, 'reports', 'lighthouse');
const LH_BIN = path.join(ROOT, 'node_modules', '.bin', 'lighthouse');
const BUDGETS = path.join(ROOT, 'lighthouse', 'budgets.json');

function parseArgs(argv) {
  const opts = { pages: ['/'], runs: 3, keepServer: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--pages') opts.pages = argv[++i].split(',').map((p) => p.trim());
    else if (a === '--runs') opts.runs = Math.max(1, Number(argv[++i]));
    else if (a === '--keep-server') opts.keepServer = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return opts;
}

async function exists(p) {
  try {
    await fs.access(p);
    return true;
  } catch {
    return false;
  }
}

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function ensureBuild() {
  if (await exists(path.join(WEB, 'dist', 'index.html'))) return;
  console.log('building apps/web ...');
  await execFileP('pnpm', ['--dir', WEB, 'run', 'build'], { cwd: ROOT, maxBuffer: 1 << 24 });
}

async function startPreview() {
  const port = await freePort();
  const child = spawn('pnpm', ['exec', 'vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: WEB,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('preview server did not start')), 30000);
    child.stdout.on('data', (buf) => {
      if (buf.toString().includes(String(port))) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`preview exited with ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

async function lighthouseOnce(url) {
  const { stdout } = await execFileP(
    LH_BIN,
    [
      url,
      '--output=json',
      '--quiet',
      '--only-categories=performance,accessibility,best-practices',
      '--chrome-flags=--headless=new --no-sandbox',
      '--throttling-method=simulate',
    ],
    { maxBuffer: 1 << 26 },
  );
  return JSON.parse(stdout);
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function extract(report) {
  const a = report.audits;
  return {
    performance: report.categories.performance.score * 100,
    accessibility: report.categories.accessibility.score * 100,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    bytes: a['total-byte-weight'].numericValue,
  };
}

function checkBudget(page, metrics, budgets) {
  const b = budgets[page] || budgets['*'] || {};
  const problems = [];
  if (b.minPerformance && metrics.performance < b.minPerformance)
    problems.push(`performance ${metrics.performance.toFixed(0)} < ${b.minPerformance}`);
  if (b.maxLcpMs && metrics.lcp > b.maxLcpMs) problems.push(`LCP ${metrics.lcp.toFixed(0)}ms > ${b.maxLcpMs}ms`);
  if (b.maxTbtMs && metrics.tbt > b.maxTbtMs) problems.push(`TBT ${metrics.tbt.toFixed(0)}ms > ${b.maxTbtMs}ms`);
  if (b.maxCls && metrics.cls > b.maxCls) problems.push(`CLS ${metrics.cls.toFixed(3)} > ${b.maxCls}`);
  if (b.maxKb && metrics.bytes / 1024 > b.maxKb) problems.push(`weight ${(metrics.bytes / 1024).toFixed(0)}KB > ${b.maxKb}KB`);
  return problems;
}

function slug(page) {
  return page === '/' ? 'home' : page.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const budgets = JSON.parse(await fs.readFile(BUDGETS, 'utf8'));
  await ensureBuild();
  await fs.rm(OUT, { recursive: true, force: true });
  await fs.mkdir(OUT, { recursive: true });
  const { child, base } = await startPreview();
  const rows = [];
  let failed = false;
  try {
    for (const page of opts.pages) {
      const runs = [];
      for (let i = 0; i < opts.runs; i += 1) {
        const report = await lighthouseOnce(base + page);
        runs.push(extract(report));
        if (i === opts.runs - 1) {
          await fs.writeFile(path.join(OUT, `${slug(page)}.json`), JSON.stringify(report));
        }
      }
      const med = {};
      for (const key of Object.keys(runs[0])) med[key] = median(runs.map((r) => r[key]));
      const problems = checkBudget(page, med, budgets);
      failed = failed || problems.length > 0;
      rows.push({ page, med, problems });
      console.log(`${page}: perf ${med.performance.toFixed(0)} LCP ${med.lcp.toFixed(0)}ms ${problems.length ? 'OVER BUDGET' : 'ok'}`);
    }
  } finally {
    if (!opts.keepServer) child.kill('SIGTERM');
  }
  const md = ['# Lighthouse summary', '', '| page | perf | a11y | LCP | TBT | CLS | result |', '|---|---|---|---|---|---|---|'];
  for (const { page, med, problems } of rows) {
    md.push(`| ${page} | ${med.performance.toFixed(0)} | ${med.accessibility.toFixed(0)} | ${med.lcp.toFixed(0)}ms | ${med.tbt.toFixed(0)}ms | ${med.cls.toFixed(3)} | ${problems.join('; ') || 'ok'} |`);
  }
  await fs.writeFile(path.join(OUT, 'summary.md'), md.join('\n') + '\n');
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
