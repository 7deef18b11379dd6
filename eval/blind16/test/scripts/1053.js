#!/usr/bin/env node
/**
 * Bundle-size budget check for the lattice web apps.
 *
 *   node tools/size-budget.js [--app web|admin] [--update-baseline] [--markdown]
 *
 * Reads the Vite build manifests (dist/.vite/manifest.json) of each app, sums
 * the raw and gzip sizes of every entry chunk plus its static imports, compares
 * them with the budgets in tools/size-budgets.json and with the previous
 * baseline in tools/size-baseline.json (the project's own file, rewritten only
 * with --update-baseline). Exits 1 when a budget is exceeded. No network access;
 * gzip sizes are computed locally with zlib.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const WS = path.resolve(__dirname, '..');
const BUDGETS = path.join(__dirname, 'size-budgets.json');
const BASELINE = path.join(__dirname, 'size-baseline.json');
const APPS = { web: 'apps/web', admin: 'apps/admin' };

function parseFlags(argv) {
  const flags = { apps: Object.keys(APPS), updateBaseline: false, markdown: false };
  for (let i = 0; i < argv.length; i += 1) {
    switch (argv[i]) {
      case '--app':
        flags.apps = [argv[++i]];
        break;
      case '--update-baseline':
        flags.updateBaseline = true;
        break;
      case '--markdown':
        flags.markdown = true;
        break;
      default:
        throw new Error(`unknown flag ${argv[i]}`);
    }
  }
  for (const a of flags.apps) if (!APPS[a]) throw new Error(`unknown app ${a}`);
  return flags;
}

function readJson(file, fallback) {
  try {
    return JSON.parse(fs.readFileSync(file, { encoding: 'utf8' }));
  } catch {
    return fallback;
  }
}

function sizes(file) {
  const buf = fs.readFileSync(file);
  return { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
}

function collectEntry(manifest, key, distDir, seen = new Set()) {
  if (seen.has(key)) return { raw: 0, gzip: 0, files: [] };
  seen.add(key);
  const chunk = manifest[key];
  const total = { raw: 0, gzip: 0, files: [] };
  const files = [chunk.file, ...(chunk.css || [])];
  for (const f of files) {
    const s = sizes(path.join(distDir, f));
    total.raw += s.raw;
    total.gzip += s.gzip;
    total.files.push(f);
  }
  for (const imp of chunk.imports || []) {
    const sub = collectEntry(manifest, imp, distDir, seen);
    total.raw += sub.raw;
    total.gzip += sub.gzip;
    total.files.push(...sub.files);
  }
  return total;
}

function measureApp(app) {
  const distDir = path.join(WS, APPS[app], 'dist');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    throw new Error(`${app}: no build manifest; run \`pnpm --filter ${app} build\` with build.manifest enabled`);
  }
  const manifest = readJson(manifestFile, {});
  const entries = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) entries[chunk.name || key] = collectEntry(manifest, key, distDir);
  }
  return entries;
}

function kb(n) {
  return `${(n / 1024).toFixed(1)} KB`;
}

function delta(now, before) {
  if (before === undefined) return 'new';
  const d = now - before;
  const sign = d > 0 ? '+' : '';
  return `${sign}${kb(d)}`;
}

function evaluate(flags) {
  const budgets = readJson(BUDGETS, {});
  const baseline = readJson(BASELINE, {});
  const rows = [];
  const fresh = {};
  for (const app of flags.apps) {
    const entries = measureApp(app);
    fresh[app] = {};
    for (const [entry, total] of Object.entries(entries)) {
      fresh[app][entry] = { raw: total.raw, gzip: total.gzip };
      const limit = budgets[app]?.[entry]?.gzip ?? budgets[app]?.['*']?.gzip;
      const before = baseline[app]?.[entry]?.gzip;
      rows.push({
        app,
        entry,
        raw: total.raw,
        gzip: total.gzip,
        files: total.files.length,
        limit,
        delta: delta(total.gzip, before),
        over: limit !== undefined && total.gzip > limit * 1024,
      });
    }
  }
  return { rows, fresh, baseline };
}

function printTable(rows, markdown) {
  if (markdown) {
    console.log('| app | entry | gzip | raw | change | budget |');
    console.log('|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(`| ${r.app} | ${r.entry} | ${kb(r.gzip)} | ${kb(r.raw)} | ${r.delta} | ${r.limit ? `${r.limit} KB${r.over ? ' ❌' : ''}` : '-'} |`);
    }
    return;
  }
  for (const r of rows) {
    const mark = r.over ? 'OVER' : 'ok  ';
    console.log(`${mark} ${r.app}/${r.entry}`.padEnd(36) + `${kb(r.gzip).padStart(10)} gzip  ${r.delta.padStart(10)}  (${r.files} files)`);
  }
}

function main() {
  const flags = parseFlags(process.argv.slice(2));
  const { rows, fresh, baseline } = evaluate(flags);
  printTable(rows, flags.markdown);
  if (flags.updateBaseline) {
    fs.writeFileSync(BASELINE, JSON.stringify({ ...baseline, ...fresh }, null, 2) + '\n');
    console.log(`baseline updated: ${path.relative(WS, BASELINE)}`);
  }
  const over = rows.filter((r) => r.over);
  if (over.length) {
    console.error(`${over.length} entry chunk(s) over budget`);
    process.exitCode = 1;
  }
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
