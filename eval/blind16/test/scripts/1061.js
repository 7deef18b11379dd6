#!/usr/bin/env node
/**
 * Accessibility sweep of the lattice web app with axe-core and Playwright.
 *
 *   node tools/a11y-sweep.js [--routes routes.txt] [--impact serious] [--baseline]
 *
 * Serves the production build of apps/web with `vite preview` on 127.0.0.1 (a
 * child process stopped at the end), visits every route from
 * tools/a11y-routes.txt in headless Chromium, injects axe-core from
 * node_modules (no CDN), and records violations at or above the chosen impact.
 * Known violations listed in tools/a11y-baseline.json are reported but do not
 * fail the run; --baseline rewrites that file with the current findings.
 * Results: reports/a11y/results.json and a Markdown summary.
 */
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright');

const WS = path.resolve(__dirname, '..');
const WEB = path.join(WS, 'apps', 'web');
const REPORT_DIR = path.join(WS, 'reports', 'a11y');
const BASELINE = path.join(__dirname, 'a11y-baseline.json');
const AXE_SOURCE = require.resolve('axe-core/axe.min.js');
const IMPACTS = ['minor', 'moderate', 'serious', 'critical'];

function flags(argv) {
  const f = { routes: path.join(__dirname, 'a11y-routes.txt'), impact: 'serious', baseline: false };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--routes') f.routes = path.resolve(argv[++i]);
    else if (argv[i] === '--impact') f.impact = argv[++i];
    else if (argv[i] === '--baseline') f.baseline = true;
    else throw new Error(`unknown flag ${argv[i]}`);
  }
  if (!IMPACTS.includes(f.impact)) throw new Error(`impact must be one of ${IMPACTS.join(', ')}`);
  return f;
}

function readRoutes(file) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => (l.startsWith('/') ? l : `/${l}`));
}

function startPreview(port) {
  const child = spawn('pnpm', ['exec', 'vite', 'preview', '--strictPort', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: WEB,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('vite preview did not start')), 30000);
    child.stdout.on('data', (d) => {
      if (d.toString().includes(`:${port}`)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`vite preview exited with ${code}`));
    });
  });
}

function key(v, route) {
  return `${route}::${v.id}::${v.nodes.map((n) => n.target.join(' ')).sort().join('|')}`;
}

async function audit(page, url, minImpact) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.addScriptTag({ path: AXE_SOURCE });
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    return axe.run(document, { resultTypes: ['violations'] });
  });
  const floor = IMPACTS.indexOf(minImpact);
  return result.violations.filter((v) => IMPACTS.indexOf(v.impact) >= floor);
}

function groupByRule(findings) {
  // The same rule failing on many routes usually means one shared component is at fault.
  const byRule = new Map();
  for (const f of findings) {
    if (!byRule.has(f.id)) byRule.set(f.id, { id: f.id, impact: f.impact, help: f.help, routes: new Set(), nodes: 0 });
    const g = byRule.get(f.id);
    g.routes.add(f.route);
    g.nodes += f.nodes.length;
  }
  return [...byRule.values()].sort((a, b) => b.routes.size - a.routes.size || b.nodes - a.nodes);
}

function printRuleSummary(findings) {
  const groups = groupByRule(findings);
  if (!groups.length) return;
  console.log('\nby rule:');
  for (const g of groups.slice(0, 10)) {
    console.log(`  ${g.id.padEnd(28)} ${g.impact.padEnd(9)} ${String(g.routes.size).padStart(3)} routes ${String(g.nodes).padStart(4)} nodes  ${g.help}`);
  }
}

function summarize(findings, known) {
  const lines = ['# Accessibility sweep', '', '| route | rule | impact | nodes | known |', '|---|---|---|---|---|'];
  for (const f of findings) {
    lines.push(`| ${f.route} | ${f.id} | ${f.impact} | ${f.nodes.length} | ${known.has(f.key) ? 'yes' : '**new**'} |`);
  }
  return lines.join('\n') + '\n';
}

async function main() {
  const f = flags(process.argv.slice(2));
  if (!fs.existsSync(path.join(WEB, 'dist', 'index.html'))) throw new Error('build apps/web first (pnpm --filter web build)');
  const routes = readRoutes(f.routes);
  const port = 4300 + Math.floor(Math.random() * 500);
  const preview = await startPreview(port);
  const browser = await chromium.launch();
  const findings = [];
  try {
    const page = await browser.newPage();
    for (const route of routes) {
      const violations = await audit(page, `http://127.0.0.1:${port}${route}`, f.impact);
      for (const v of violations) findings.push({ route, id: v.id, impact: v.impact, help: v.help, nodes: v.nodes, key: key(v, route) });
      console.log(`${route.padEnd(30)} ${violations.length} violation(s)`);
    }
  } finally {
    await browser.close();
    preview.kill('SIGTERM');
  }

  const known = new Set(JSON.parse(fs.existsSync(BASELINE) ? fs.readFileSync(BASELINE, 'utf8') : '[]'));
  fs.rmSync(REPORT_DIR, { recursive: true, force: true });
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  fs.writeFileSync(path.join(REPORT_DIR, 'results.json'), JSON.stringify(findings, null, 2));
  fs.writeFileSync(path.join(REPORT_DIR, 'summary.md'), summarize(findings, known));

  if (f.baseline) {
    fs.writeFileSync(BASELINE, JSON.stringify(findings.map((x) => x.key).sort(), null, 2) + '\n');
    console.log(`baseline updated with ${findings.length} known violations`);
    return;
  }
  printRuleSummary(findings);
  const fresh = findings.filter((x) => !known.has(x.key));
  console.log(`${findings.length} violations (${fresh.length} new) -> reports/a11y/summary.md`);
  if (fresh.length) process.exitCode = 1;
}

main().catch((err) => {
  console.error(`a11y: ${err.message}`);
  process.exit(1);
});
