#!/usr/bin/env node
// scripts/lh-budgets.js - Lighthouse accessibility/SEO/performance budgets
// for the storefront preview build.
//
// Launches its own headless Chrome via chrome-launcher, audits each page from
// lh.pages.json against http://localhost:<port>, compares scores with the
// budgets file, writes reports/lighthouse/<page>.json + summary.md and kills
// the Chrome it launched (also on Ctrl-C).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const chromeLauncher = require('chrome-launcher');
const lighthouse = require('lighthouse').default || require('lighthouse');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'reports', 'lighthouse');
const PAGES = JSON.parse(fs.readFileSync(path.join(ROOT, 'lh.pages.json'), 'utf8'));
const BUDGETS = JSON.parse(fs.readFileSync(path.join(ROOT, 'lh.budgets.json'), 'utf8'));

const PORT = Number(process.env.PREVIEW_PORT || 4173);
const BASE = `http://localhost:${PORT}`;
const RUNS = Number(process.env.LH_RUNS || 3);

let chrome = null;

async function shutdown(code) {
  if (chrome) {
    try {
      await chrome.kill();
    } catch {
      /* already gone */
    }
    chrome = null;
  }
  process.exit(code);
}

process.on('SIGINT', () => shutdown(130));
process.on('SIGTERM', () => shutdown(143));

// Page paths look like "/collections/sale/"; file names like
// "collections-sale-mobile.json".
function slug(p) {
  return p.replace(/^\/|\/$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home';
}

async function reachable() {
  try {
    const res = await fetch(`${BASE}/`, { signal: AbortSignal.timeout(3000) });
    return res.ok;
  } catch {
    return false;
  }
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

async function auditOnce(url, formFactor) {
  const flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
    formFactor,
    screenEmulation: formFactor === 'desktop' ? { disabled: true } : undefined,
    throttlingMethod: 'simulate',
  };
  const result = await lighthouse(url, flags);
  return result.lhr;
}

async function auditPage(page) {
  const url = new URL(page.path, BASE).toString();
  const formFactor = page.formFactor || 'mobile';
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await auditOnce(url, formFactor));
  const scores = {};
  for (const cat of Object.keys(runs[0].categories)) {
    scores[cat] = Math.round(median(runs.map((r) => r.categories[cat].score || 0)) * 100);
  }
  const last = runs[runs.length - 1];
  fs.writeFileSync(path.join(OUT, `${slug(page.path)}-${formFactor}.json`), JSON.stringify(last));
  const failedAudits = Object.values(last.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && last.categories.accessibility.auditRefs.some((r) => r.id === a.id))
    .map((a) => a.id);
  return { page: page.path, formFactor, scores, failedAudits };
}

function checkBudgets(result) {
  const budget = { ...BUDGETS.default, ...(BUDGETS.pages?.[result.page] || {}) };
  const misses = [];
  for (const [cat, min] of Object.entries(budget)) {
    const got = result.scores[cat];
    if (got !== undefined && got < min) misses.push(`${cat} ${got} < ${min}`);
  }
  return misses;
}

function writeSummary(results) {
  const lines = [
    '# Lighthouse budgets',
    '',
    `Base: ${BASE}, ${RUNS} run(s) per page, median scores.`,
    '',
    '| page | form | perf | a11y | seo | bp | budget |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const s = r.scores;
    lines.push(
      `| ${r.page} | ${r.formFactor} | ${s.performance} | ${s.accessibility} | ${s.seo} | ${s['best-practices']} | ${r.misses.length ? '❌ ' + r.misses.join('; ') : '✅'} |`,
    );
  }
  const a11y = results.flatMap((r) => r.failedAudits.map((a) => `${r.page}: ${a}`));
  if (a11y.length) lines.push('', '## Accessibility audits below 0.9', '', ...a11y.map((l) => `- ${l}`));
  fs.writeFileSync(path.join(OUT, 'summary.md'), lines.join('\n') + '\n');
  return lines.join('\n');
}

function compareWithBaseline(results) {
  // baseline is committed; a drop of more than 5 points is called out
  const file = path.join(ROOT, 'lh.baseline.json');
  if (!fs.existsSync(file)) return [];
  const baseline = JSON.parse(fs.readFileSync(file, 'utf8'));
  const drops = [];
  for (const r of results) {
    const key = `${r.page}|${r.formFactor}`;
    const before = baseline[key];
    if (!before) continue;
    for (const [cat, score] of Object.entries(r.scores)) {
      if (before[cat] !== undefined && before[cat] - score > 5) {
        drops.push(`${r.page} (${r.formFactor}) ${cat}: ${before[cat]} → ${score}`);
      }
    }
  }
  return drops;
}

function updateBaseline(results) {
  const file = path.join(ROOT, 'lh.baseline.json');
  const data = {};
  for (const r of results) data[`${r.page}|${r.formFactor}`] = r.scores;
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
  console.log('baseline updated (commit lh.baseline.json)');
}

async function main() {
  if (!(await reachable())) {
    console.error(`nothing listening on ${BASE}; run "npm run preview" first`);
    return 2;
  }
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  chrome = await chromeLauncher.launch({
    chromeFlags: ['--headless=new', '--no-first-run', '--disable-gpu'],
  });
  const results = [];
  for (const page of PAGES) {
    process.stdout.write(`auditing ${page.path} (${page.formFactor || 'mobile'})… `);
    const r = await auditPage(page);
    r.misses = checkBudgets(r);
    results.push(r);
    console.log(r.misses.length ? `over budget: ${r.misses.join(', ')}` : 'ok');
  }
  console.log(writeSummary(results));
  for (const d of compareWithBaseline(results)) console.warn(`regression: ${d}`);
  if (process.argv.includes('--update-baseline')) updateBaseline(results);
  return results.some((r) => r.misses.length) ? 1 : 0;
}

main()
  .then((code) => shutdown(code))
  .catch(async (err) => {
    console.error(err.stack || err.message);
    await shutdown(1);
  });
