#!/usr/bin/env node
// wasm-size.js - size budget check for the wasm bundles the web app ships.
//
// Walks pkg/ and build/components/ for .wasm files, measures raw, gzip and
// brotli sizes, compares them with budgets.json and the previous report,
// and writes build/wasm-size.md (posted as a PR comment by CI) and
// build/wasm-size.json.  Exits 1 when a budget is exceeded.
//
//   node tools/wasm-size.js
//   node tools/wasm-size.js --update-budgets   # rewrite budgets.json (+10%)

'use strict';

const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const SEARCH_DIRS = ['pkg', 'build/components', 'target/wasm32-unknown-unknown/release'];
const BUDGETS = path.join(ROOT, 'budgets.json');
const OUT_MD = path.join(ROOT, 'build', 'wasm-size.md');
const OUT_JSON = path.join(ROOT, 'build', 'wasm-size.json');
const HEADROOM = 1.1;

function* walk(dir) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if (err.code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'deps' || entry.name === 'incremental') continue;
      yield* walk(full);
    } else if (entry.isFile() && entry.name.endsWith('.wasm')) {
      yield full;
    }
  }
}

function measure(file) {
  const buf = fs.readFileSync(file);
  const gzip = zlib.gzipSync(buf, { level: 9 }).length;
  const brotli = zlib.brotliCompressSync(buf, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
    },
  }).length;
  return { raw: buf.length, gzip, brotli, sections: sections(buf) };
}

// Minimal wasm section parser: returns { name: bytes } for the biggest sections.
function sections(buf) {
  const names = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global',
    'export', 'start', 'element', 'code', 'data', 'datacount'];
  if (buf.readUInt32LE(0) !== 0x6d736100) return {};
  const out = {};
  let off = 8;
  const leb = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = buf[off++];
      result |= (byte & 0x7f) << shift;
      if (!(byte & 0x80)) return result >>> 0;
      shift += 7;
    }
  };
  while (off < buf.length) {
    const id = buf[off++];
    const size = leb();
    let name = names[id] ?? `id${id}`;
    if (id === 0) {
      const start = off;
      const len = leb();
      name = `custom:${buf.slice(off, off + len).toString('utf8')}`;
      off = start;
    }
    out[name] = (out[name] ?? 0) + size;
    off += size;
  }
  return out;
}

function gitRev() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    return 'unknown';
  }
}

function loadJson(file, fallback) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return fallback;
  }
}

function kb(n) {
  return `${(n / 1024).toFixed(1)} KiB`;
}

function delta(now, before) {
  if (before == null) return 'new';
  const d = now - before;
  if (d === 0) return '±0';
  const pct = ((d / before) * 100).toFixed(1);
  return `${d > 0 ? '+' : ''}${kb(d)} (${d > 0 ? '+' : ''}${pct}%)`;
}

function writeAtomic(file, contents) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, contents);
  fs.renameSync(tmp, file);
}

function main() {
  const updateBudgets = process.argv.includes('--update-budgets');
  const budgets = loadJson(BUDGETS, {});
  const previous = loadJson(OUT_JSON, { files: {} });

  const files = {};
  for (const dir of SEARCH_DIRS) {
    for (const file of walk(path.join(ROOT, dir))) {
      files[path.relative(ROOT, file)] = measure(file);
    }
  }
  if (!Object.keys(files).length) {
    console.error('no .wasm files found; build first (wasm-pack build / scripts/build-components.sh)');
    process.exit(2);
  }

  const failures = [];
  const rows = [];
  for (const [rel, m] of Object.entries(files).sort()) {
    const budget = budgets[rel];
    const prev = previous.files?.[rel];
    const over = budget != null && m.brotli > budget;
    if (over) failures.push(`${rel}: brotli ${kb(m.brotli)} > budget ${kb(budget)}`);
    const top = Object.entries(m.sections)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([n, s]) => `${n} ${kb(s)}`)
      .join(', ');
    rows.push(
      `| \`${rel}\` | ${kb(m.raw)} | ${kb(m.gzip)} | ${kb(m.brotli)} | ${delta(m.brotli, prev?.brotli)} | ` +
        `${budget != null ? kb(budget) : '-'}${over ? ' ❌' : ''} | ${top} |`,
    );
  }

  const md = [
    `### wasm size report (${gitRev()})`,
    '',
    '| file | raw | gzip | brotli | Δ brotli | budget | largest sections |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
    failures.length ? `**${failures.length} budget(s) exceeded**` : 'All budgets met.',
  ].join('\n');

  writeAtomic(OUT_MD, `${md}\n`);
  writeAtomic(OUT_JSON, JSON.stringify({ rev: gitRev(), files }, null, 2));
  console.log(md);

  if (updateBudgets) {
    const next = {};
    for (const [rel, m] of Object.entries(files)) next[rel] = Math.ceil(m.brotli * HEADROOM);
    writeAtomic(BUDGETS, `${JSON.stringify(next, null, 2)}\n`);
    console.log(`\nbudgets.json updated with ${Math.round((HEADROOM - 1) * 100)}% headroom`);
    return;
  }
  if (failures.length) {
    for (const f of failures) console.error(f);
    process.exit(1);
  }
}

main();
