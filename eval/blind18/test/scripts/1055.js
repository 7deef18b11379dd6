#!/usr/bin/env node
// Bundle size budget check for the web app, with a sticky PR comment.
//
// Measures gzip and brotli sizes of every asset in dist/, compares against
// size-budget.json and against the sizes recorded on main (downloaded from the
// previous workflow artifact by the CI job into .size-baseline.json), prints a
// table, and when running on a PR updates one comment via api.github.com.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const BUDGET_FILE = path.join(ROOT, 'size-budget.json');
const BASELINE_FILE = path.join(ROOT, '.size-baseline.json');
const OUT_FILE = path.join(ROOT, 'dist-sizes.json');
const MARKER = '<!-- bundle-size-report -->';

function walk(dir) {
  if (!fs.existsSync(dir)) {
    return [];
  }
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : e.isFile() ? [full] : [];
  });
}

function normalizeName(rel) {
  // strip content hashes: assets/index-4f3a9c1b.js -> assets/index.js
  return rel.replace(/-[0-9a-f]{8,}(?=\.)/, '');
}

function measure() {
  const sizes = {};
  for (const file of walk(DIST)) {
    if (!/\.(js|css|html|svg|json|wasm)$/.test(file)) {
      continue;
    }
    const buf = fs.readFileSync(file);
    const rel = path.relative(DIST, file).split(path.sep).join('/');
    sizes[normalizeName(rel)] = {
      raw: buf.length,
      gzip: zlib.gzipSync(buf, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(buf).length,
    };
  }
  return sizes;
}

function loadJson(file, fallback) {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : fallback;
}

function matchBudget(name, budgets) {
  for (const [pattern, limit] of Object.entries(budgets)) {
    const re = new RegExp('^' + pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*') + '$');
    if (re.test(name)) {
      return limit;
    }
  }
  return null;
}

function kb(n) {
  return `${(n / 1024).toFixed(1)} kB`;
}

function delta(now, before) {
  if (before === undefined) {
    return 'new';
  }
  const d = now - before;
  if (Math.abs(d) < 64) {
    return '±0';
  }
  return `${d > 0 ? '+' : '-'}${kb(Math.abs(d))}`;
}

function evaluate(sizes, budgets, baseline) {
  const rows = [];
  let over = 0;
  for (const name of Object.keys(sizes).sort()) {
    const s = sizes[name];
    const limit = matchBudget(name, budgets);
    const exceeded = limit !== null && s.gzip > limit * 1024;
    over += exceeded ? 1 : 0;
    rows.push({
      name,
      gzip: s.gzip,
      brotli: s.brotli,
      change: delta(s.gzip, baseline[name]?.gzip),
      limit,
      exceeded,
    });
  }
  const totalNow = rows.reduce((n, r) => n + r.gzip, 0);
  const totalBefore = Object.values(baseline).reduce((n, r) => n + r.gzip, 0);
  return { rows, over, totalNow, totalBefore };
}

function markdown(result) {
  const lines = [
    MARKER,
    '### Bundle size',
    '',
    `Total gzip: **${kb(result.totalNow)}** (${delta(result.totalNow, result.totalBefore || undefined)} vs main)`,
    '',
    '| asset | gzip | brotli | change | budget |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const r of result.rows) {
    if (r.change === '±0' && !r.exceeded) {
      continue;
    }
    lines.push(`| ${r.name} | ${kb(r.gzip)} | ${kb(r.brotli)} | ${r.change} | ${r.limit ? `${r.limit} kB${r.exceeded ? ' ❌' : ''}` : '-'} |`);
  }
  if (lines.length === 7) {
    lines.push('| _no changes_ | | | | |');
  }
  return lines.join('\n') + '\n';
}

async function comment(body) {
  const token = process.env.GITHUB_TOKEN;
  const repo = process.env.GITHUB_REPOSITORY;
  const pr = process.env.PR_NUMBER;
  if (!token || !repo || !pr) {
    return false;
  }
  const api = 'https://api.github.com';
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/vnd.github+json', 'Content-Type': 'application/json' };
  const list = await (await fetch(`${api}/repos/${repo}/issues/${pr}/comments?per_page=100`, { headers })).json();
  const mine = Array.isArray(list) ? list.find((c) => c.body && c.body.startsWith(MARKER)) : null;
  const url = mine ? `${api}/repos/${repo}/issues/comments/${mine.id}` : `${api}/repos/${repo}/issues/${pr}/comments`;
  const res = await fetch(url, { method: mine ? 'PATCH' : 'POST', headers, body: JSON.stringify({ body }) });
  return res.ok;
}

// The largest modules inside the main chunk, from the bundler's stats file
// (vite build --mode analyze writes dist/stats.json); informational only.
function topModules(limit = 8) {
  const stats = path.join(DIST, 'stats.json');
  if (!fs.existsSync(stats)) {
    return [];
  }
  const data = JSON.parse(fs.readFileSync(stats, 'utf8'));
  const modules = Object.entries(data.nodeParts || {})
    .map(([, part]) => ({ id: part.metaUid, size: part.gzipLength || 0 }))
    .sort((a, b) => b.size - a.size)
    .slice(0, limit);
  return modules.map((m) => `${kb(m.size).padStart(9)}  ${(data.nodeMetas?.[m.id]?.id || m.id).slice(-70)}`);
}

async function main() {
  if (!fs.existsSync(DIST)) {
    console.error('dist/ not found; build first');
    process.exitCode = 2;
    return;
  }
  const sizes = measure();
  fs.writeFileSync(OUT_FILE, JSON.stringify(sizes, null, 2) + '\n');
  const result = evaluate(sizes, loadJson(BUDGET_FILE, {}), loadJson(BASELINE_FILE, {}));
  const md = markdown(result);
  console.log(md);
  const top = topModules();
  if (top.length) {
    console.log('largest modules (gzip):\n' + top.join('\n'));
  }
  if (await comment(md)) {
    console.log('PR comment updated');
  }
  if (result.over) {
    console.error(`${result.over} asset(s) over budget`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 2;
});
