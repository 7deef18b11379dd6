#!/usr/bin/env node
// a11y-scan.js -- run axe-core against the local dev server with Playwright.
//
//   npm run dev &             (or let this script start it with --serve)
//   node scripts/a11y-scan.js --routes /,/login,/settings
//   node scripts/a11y-scan.js --serve --fail-on serious
//
// Results go to reports/a11y/<route>.json plus a summary table. With --serve
// the script starts `npm run dev -- --host 127.0.0.1` itself and stops that
// process (and only that process) when done.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const net = require('node:net');
const { spawn } = require('node:child_process');
const { parseArgs } = require('node:util');

const { values } = parseArgs({
  options: {
    routes: { type: 'string', default: '/' },
    base: { type: 'string', default: 'http://127.0.0.1:5173' },
    serve: { type: 'boolean', default: false },
    'fail-on': { type: 'string', default: 'critical' },
    out: { type: 'string', default: 'reports/a11y' },
    timeout: { type: 'string', default: '60000' },
  },
});

const IMPACT = ['minor', 'moderate', 'serious', 'critical'];
const failIndex = IMPACT.indexOf(values['fail-on']);
if (failIndex < 0) {
  console.error(`--fail-on must be one of ${IMPACT.join(', ')}`);
  process.exit(2);
}

const base = new URL(values.base);
if (!['127.0.0.1', 'localhost'].includes(base.hostname)) {
  console.error('a11y-scan only scans the local dev server');
  process.exit(2);
}

let playwright;
let axeSource;
try {
  playwright = require('playwright');
  axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
} catch {
  console.error('a11y-scan: npm i -D playwright axe-core && npx playwright install chromium');
  process.exit(1);
}

function waitForPort(host, port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const sock = net.connect({ host, port }, () => {
        sock.end();
        resolve();
      });
      sock.on('error', () => {
        sock.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listening on ${host}:${port}`));
        else setTimeout(attempt, 300);
      });
    };
    attempt();
  });
}

function startServer() {
  const child = spawn('npm', ['run', 'dev', '--', '--host', '127.0.0.1', '--port', base.port || '5173'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.on('data', () => {});
  child.stderr.on('data', (d) => process.stderr.write(`[dev] ${d}`));
  return child;
}

function stopServer(child) {
  if (!child || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM'); // the group we created with detached: true
  } catch {
    child.kill('SIGTERM');
  }
}

function slug(route) {
  return route.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home';
}

async function scan(browser, route) {
  const page = await browser.newPage();
  const url = new URL(route, base).toString();
  await page.goto(url, { waitUntil: 'networkidle', timeout: Number(values.timeout) });
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    return axe.run(document, { resultTypes: ['violations'] });
  });
  await page.close();
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.length,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
}

function loadBaseline() {
  // accepted known issues: reports/a11y/baseline.json -> { "<route>": ["rule-id", ...] }
  const file = path.join(values.out, 'baseline.json');
  if (!fs.existsSync(file)) return {};
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    console.warn(`a11y-scan: ignoring unreadable baseline (${err.message})`);
    return {};
  }
}

function applyBaseline(route, violations, baseline) {
  const accepted = new Set(baseline[route] || []);
  const kept = violations.filter((v) => !accepted.has(v.id));
  const skipped = violations.length - kept.length;
  if (skipped) console.log(`${route}: ${skipped} baseline violation(s) ignored`);
  return kept;
}

function markdown(summary) {
  const head = ['route', ...IMPACT];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const row of summary) {
    lines.push(`| ${head.map((h) => row[h]).join(' | ')} |`);
  }
  return lines.join('\n') + '\n';
}

async function main() {
  const baseline = loadBaseline();
  const routes = values.routes.split(',').map((r) => r.trim()).filter(Boolean);
  for (const r of routes) {
    if (!r.startsWith('/')) throw new Error(`route must start with /: ${r}`);
  }
  let server = null;
  if (values.serve) {
    server = startServer();
    process.on('exit', () => stopServer(server));
  }
  await waitForPort(base.hostname, Number(base.port || 80), Number(values.timeout));
  fs.mkdirSync(values.out, { recursive: true });
  const browser = await playwright.chromium.launch({ headless: true });
  const summary = [];
  let failed = false;
  try {
    for (const route of routes) {
      const violations = applyBaseline(route, await scan(browser, route), baseline);
      fs.writeFileSync(path.join(values.out, `${slug(route)}.json`), JSON.stringify(violations, null, 2));
      const counts = Object.fromEntries(IMPACT.map((i) => [i, 0]));
      for (const v of violations) counts[v.impact] = (counts[v.impact] || 0) + v.nodes;
      summary.push({ route, ...counts });
      if (violations.some((v) => IMPACT.indexOf(v.impact) >= failIndex)) failed = true;
    }
  } finally {
    await browser.close();
    stopServer(server);
  }
  console.table(summary);
  fs.writeFileSync(path.join(values.out, 'summary.json'), JSON.stringify(summary, null, 2));
  fs.writeFileSync(path.join(values.out, 'summary.md'), markdown(summary));
  if (failed) {
    console.error(`a11y-scan: violations at or above "${values['fail-on']}"`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(`a11y-scan: ${err.message}`);
  process.exit(1);
});
