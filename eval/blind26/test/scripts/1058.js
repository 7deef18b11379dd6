#!/usr/bin/env node
// scripts/a11y-pages.js - pa11y over the routes of the local dev server.
//
// Usage
//   node scripts/a11y-pages.js                      # all routes in routes.json
//   node scripts/a11y-pages.js --only /checkout     # one route
//   node scripts/a11y-pages.js --standard WCAG2AAA
//   node scripts/a11y-pages.js --concurrency 2
//
// What it does
//   - reads routes.json (path + optional actions such as clicking a cookie banner)
//   - runs pa11y's Node API against http://localhost:<port><path>
//   - at most N pages at a time (each pa11y run starts a headless Chrome)
//   - writes reports/pa11y/<slug>.json per page and reports/pa11y/summary.md
//   - exits 1 when any page has errors above the allowed count in routes.json
//
// Only localhost URLs are built; the base URL cannot be pointed elsewhere.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const pa11y = require('pa11y');

const ROOT = path.resolve(__dirname, '..');
const ROUTES = JSON.parse(fs.readFileSync(path.join(ROOT, 'routes.json'), 'utf8'));
const REPORT_DIR = path.join(ROOT, 'reports', 'pa11y');

function options() {
  const argv = process.argv.slice(2);
  const opts = {
    port: Number(process.env.PORT || 3000),
    standard: 'WCAG2AA',
    concurrency: 3,
    only: null,
    includeWarnings: false,
  };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--port': opts.port = Number(argv[++i]); break;
      case '--standard': opts.standard = argv[++i]; break;
      case '--concurrency': opts.concurrency = Number(argv[++i]); break;
      case '--only': opts.only = argv[++i]; break;
      case '--warnings': opts.includeWarnings = true; break;
      default: throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (!['WCAG2A', 'WCAG2AA', 'WCAG2AAA'].includes(opts.standard)) throw new Error('bad --standard');
  if (!(opts.concurrency >= 1 && opts.concurrency <= 8)) throw new Error('--concurrency must be 1-8');
  return opts;
}

function slug(route) {
  return route.replace(/^\/|\/$/g, '').replace(/[^a-z0-9]+/gi, '_') || 'home';
}

async function serverUp(base) {
  try {
    const res = await fetch(base, { signal: AbortSignal.timeout(3000) });
    return res.status < 500;
  } catch {
    return false;
  }
}

async function auditRoute(base, route, opts) {
  const url = `${base}${route.path}`;
  const started = Date.now();
  const result = await pa11y(url, {
    standard: opts.standard,
    includeWarnings: opts.includeWarnings,
    runners: ['axe', 'htmlcs'],
    timeout: 60000,
    wait: route.wait || 300,
    actions: route.actions || [],
    hideElements: route.hide || '',
    chromeLaunchConfig: { args: ['--no-sandbox', '--disable-dev-shm-usage'] },
  });
  const errors = result.issues.filter((i) => i.type === 'error');
  fs.writeFileSync(path.join(REPORT_DIR, `${slug(route.path)}.json`), JSON.stringify(result, null, 2));
  return {
    path: route.path,
    errors: errors.length,
    warnings: result.issues.length - errors.length,
    allowed: route.allowedErrors || 0,
    topCodes: topCodes(errors),
    seconds: (Date.now() - started) / 1000,
  };
}

function topCodes(issues) {
  const counts = {};
  for (const i of issues) counts[i.code] = (counts[i.code] || 0) + 1;
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([code, n]) => `${code.split('.').slice(-2).join('.')}×${n}`);
}

async function runLimited(items, limit, worker) {
  const results = new Array(items.length);
  let cursor = 0;
  const lanes = [];
  for (let lane = 0; lane < Math.min(limit, items.length); lane++) {
    lanes.push(
      (async () => {
        while (cursor < items.length) {
          const index = cursor++;
          try {
            results[index] = await worker(items[index]);
          } catch (err) {
            results[index] = { path: items[index].path, failed: err.message };
          }
        }
      })(),
    );
  }
  await Promise.all(lanes);
  return results;
}

function summary(results, opts) {
  const lines = [
    `# pa11y (${opts.standard})`,
    '',
    '| page | errors | allowed | warnings | most common |',
    '|---|---:|---:|---:|---|',
  ];
  for (const r of results) {
    if (r.failed) {
      lines.push(`| ${r.path} | — | — | — | run failed: ${r.failed.slice(0, 60)} |`);
      continue;
    }
    const flag = r.errors > r.allowed ? ' ❌' : '';
    lines.push(`| ${r.path}${flag} | ${r.errors} | ${r.allowed} | ${r.warnings} | ${r.topCodes.join(', ')} |`);
  }
  return lines.join('\n') + '\n';
}

function compareWithLastRun(results) {
  // keep a small history so the summary can say "better/worse than last time"
  const historyFile = path.join(ROOT, 'reports', 'pa11y-history.json');
  const history = fs.existsSync(historyFile) ? JSON.parse(fs.readFileSync(historyFile, 'utf8')) : {};
  const notes = [];
  for (const r of results) {
    if (r.failed) continue;
    const before = history[r.path];
    if (before !== undefined && before !== r.errors) {
      notes.push(`${r.path}: ${before} → ${r.errors} error(s)`);
    }
    history[r.path] = r.errors;
  }
  fs.writeFileSync(historyFile, JSON.stringify(history, null, 2) + '\n');
  return notes;
}

async function main() {
  const opts = options();
  const base = `http://localhost:${opts.port}`;
  if (!(await serverUp(base))) throw new Error(`dev server not reachable on ${base} (npm run dev)`);
  const routes = ROUTES.filter((r) => !opts.only || r.path === opts.only);
  if (!routes.length) throw new Error('no matching routes');
  fs.rmSync(REPORT_DIR, { recursive: true, force: true });
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  console.log(`auditing ${routes.length} route(s) on ${base}`);
  const results = await runLimited(routes, opts.concurrency, async (route) => {
    const r = await auditRoute(base, route, opts);
    console.log(`${r.errors > r.allowed ? '✗' : '✓'} ${r.path.padEnd(32)} ${r.errors} error(s) (${r.seconds.toFixed(1)}s)`);
    return r;
  });
  fs.writeFileSync(path.join(REPORT_DIR, 'summary.md'), summary(results, opts));
  for (const note of compareWithLastRun(results)) console.log(`change: ${note}`);
  const failing = results.filter((r) => r.failed || r.errors > r.allowed);
  console.log(`${results.length - failing.length}/${results.length} route(s) within limits; reports/pa11y/summary.md`);
  process.exitCode = failing.length ? 1 : 0;
}

main().catch((err) => {
  console.error(`a11y-pages: ${err.message}`);
  process.exitCode = 2;
});
