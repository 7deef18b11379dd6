#!/usr/bin/env node
/*
 * bundle-budget.js -- fail the build when JS/CSS bundles exceed budgets.
 *
 * Reads the webpack stats file (dist/stats.json, produced by
 * `webpack --json=dist/stats.json`), computes raw and gzip/brotli sizes of
 * every emitted asset, compares them with budgets.json, and prints a table.
 * With --analyze it also writes a static webpack-bundle-analyzer report to
 * reports/bundle.html (no server is started). With --baseline it compares to
 * the sizes recorded on the main branch in reports/bundle-baseline.json.
 */
'use strict';

const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const STATS = path.join(DIST, 'stats.json');
const BUDGETS = path.join(ROOT, 'budgets.json');
const BASELINE = path.join(ROOT, 'reports', 'bundle-baseline.json');
const args = new Set(process.argv.slice(2));

function fmt(bytes) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  return `${(bytes / 1024).toFixed(1)} kB`;
}

function loadJson(file, fallback) {
  if (!fs.existsSync(file)) return fallback;
  return JSON.parse(fs.readFileSync(file, { encoding: 'utf8' }));
}

function sizesOf(file) {
  const buf = fs.readFileSync(file);
  return {
    raw: buf.length,
    gzip: zlib.gzipSync(buf, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(buf, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length,
  };
}

function globToRe(glob) {
  const escaped = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '§').replace(/\*/g, '[^/]*').replace(/§/g, '.*');
  return new RegExp(`^${escaped}$`);
}

function budgetFor(name, budgets) {
  for (const b of budgets) {
    if (globToRe(b.match).test(name)) return b;
  }
  return null;
}

function assets(stats) {
  const list = (stats.assets || []).filter((a) => /\.(m?js|css)$/.test(a.name) && !a.name.endsWith('.map'));
  return list.map((a) => {
    const file = path.join(DIST, a.name);
    if (!fs.existsSync(file)) throw new Error(`stats lists ${a.name} but it is not in dist/`);
    return { name: a.name, chunks: (a.chunkNames || []).join(','), ...sizesOf(file) };
  });
}

function compare(rows, budgets) {
  const failures = [];
  for (const r of rows) {
    const b = budgetFor(r.name, budgets);
    r.budget = b ? b.maxGzipKb * 1024 : null;
    r.status = 'ok';
    if (b && r.gzip > r.budget) {
      r.status = 'OVER';
      failures.push(`${r.name}: ${fmt(r.gzip)} gzip > ${b.maxGzipKb} kB (${b.match})`);
    } else if (b && r.gzip > r.budget * 0.9) {
      r.status = 'near';
    }
  }
  return failures;
}

function withBaseline(rows) {
  const base = loadJson(BASELINE, null);
  if (!base) return rows;
  const byChunk = new Map(base.assets.map((a) => [a.chunks || a.name, a]));
  for (const r of rows) {
    const prev = byChunk.get(r.chunks || r.name);
    r.delta = prev ? r.gzip - prev.gzip : null;
  }
  return rows;
}

function printTable(rows) {
  const header = ['asset', 'raw', 'gzip', 'brotli', 'budget', 'Δ gzip', 'status'];
  const data = rows.map((r) => [
    r.name,
    fmt(r.raw),
    fmt(r.gzip),
    fmt(r.brotli),
    r.budget ? fmt(r.budget) : '-',
    r.delta == null ? '-' : `${r.delta >= 0 ? '+' : ''}${fmt(Math.abs(r.delta)).replace(/^/, r.delta < 0 ? '-' : '')}`,
    r.status,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...data.map((d) => d[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const d of data) console.log(line(d));
}

function analyze() {
  const bin = path.join(ROOT, 'node_modules', '.bin', 'webpack-bundle-analyzer');
  if (!fs.existsSync(bin)) {
    console.warn('webpack-bundle-analyzer not installed; skipping --analyze');
    return;
  }
  fs.mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  const r = spawnSync(bin, [STATS, DIST, '--mode', 'static', '--report', path.join(ROOT, 'reports', 'bundle.html'), '--no-open'], {
    stdio: 'inherit',
  });
  if (r.status === 0) console.log('treemap: reports/bundle.html');
}

function saveBaseline(rows) {
  fs.mkdirSync(path.dirname(BASELINE), { recursive: true });
  const data = { at: new Date().toISOString(), assets: rows.map(({ name, chunks, raw, gzip, brotli }) => ({ name, chunks, raw, gzip, brotli })) };
  fs.writeFileSync(BASELINE, JSON.stringify(data, null, 2) + '\n');
  console.log(`baseline written to ${path.relative(ROOT, BASELINE)}`);
}

function duplicateModules(stats) {
  // the same package bundled twice (e.g. two lodash versions) is a common budget killer
  const seen = new Map();
  for (const m of stats.modules || []) {
    const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(m.name || '');
    if (!match) continue;
    const pkg = match[1].replace(/\\/g, '/');
    const where = (m.name || '').split(`node_modules/${pkg}`)[0];
    if (!seen.has(pkg)) seen.set(pkg, new Set());
    seen.get(pkg).add(where);
  }
  return [...seen.entries()].filter(([, roots]) => roots.size > 1).map(([pkg, roots]) => ({ pkg, copies: roots.size }));
}

function reportDuplicates(stats) {
  const dups = duplicateModules(stats);
  if (!dups.length) return;
  console.log('\npackages bundled more than once:');
  for (const d of dups.sort((a, b) => b.copies - a.copies).slice(0, 15)) {
    console.log(`  ${d.pkg} x${d.copies}`);
  }
  console.log('  (try: npm dedupe, or align versions in package.json overrides)');
}

function main() {
  if (!fs.existsSync(STATS)) {
    console.error('dist/stats.json missing; build with: npx webpack --mode production --json=dist/stats.json');
    process.exit(2);
  }
  const stats = loadJson(STATS, {});
  const budgets = loadJson(BUDGETS, []);
  const rows = withBaseline(assets(stats)).sort((a, b) => b.gzip - a.gzip);
  const failures = compare(rows, budgets);
  printTable(rows);
  const total = rows.reduce((n, r) => n + r.gzip, 0);
  console.log(`\ntotal gzip: ${fmt(total)} across ${rows.length} assets`);
  reportDuplicates(stats);
  if (args.has('--analyze')) analyze();
  if (args.has('--write-baseline')) saveBaseline(rows);
  if (failures.length) {
    console.error('\nbudget exceeded:');
    for (const f of failures) console.error(`  ${f}`);
    process.exit(1);
  }
}

// exit codes: 0 within budget, 1 over budget, 2 missing stats
main();
