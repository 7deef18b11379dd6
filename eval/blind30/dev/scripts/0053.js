#!/usr/bin/env node
// Download KoboToolbox submissions for the nutrition survey into data/raw/kobo/.
//
//   node tools/kobo-pull.js                 # all assets in config/kobo-assets.json
//   node tools/kobo-pull.js --asset aBcD123 # one asset
//   node tools/kobo-pull.js --since 2024-05-01
//
// Uses the KPI v2 API on kf.kobotoolbox.org with KOBO_TOKEN from .env
// ("Authorization: Token ..."), paginates the JSON data endpoint, and writes one
// JSONL file per asset plus a CSV with the flattened columns. Attachments are not
// downloaded. Files are written to a temp name and renamed when complete.
'use strict';

const fs = require('fs');
const path = require('path');
const os = require('os');

const ROOT = path.join(__dirname, '..');
const API = 'https://kf.kobotoolbox.org/api/v2';
const OUT = path.join(ROOT, 'data', 'raw', 'kobo');
const PAGE = 1000;

function readEnv() {
  const file = path.join(ROOT, '.env');
  const values = {};
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
      const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
      if (m) values[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
    }
  }
  return Object.assign(values, process.env);
}

function parseArgs(argv) {
  const args = { assets: [], since: null, dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--asset') args.assets.push(argv[++i]);
    else if (a === '--since') args.since = argv[++i];
    else if (a === '--dry-run') args.dryRun = true;
    else if (a === '-h' || a === '--help') args.help = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

const env = readEnv();
const TOKEN = env.KOBO_TOKEN;

function mask(value) {
  return value ? `${value.slice(0, 4)}${'*'.repeat(Math.max(0, value.length - 4))}` : '(unset)';
}

async function kobo(url, attempt = 1) {
  const res = await fetch(url, {
    headers: { Authorization: `Token ${TOKEN}`, Accept: 'application/json' },
  });
  if (res.status === 429 || res.status >= 500) {
    if (attempt >= 6) throw new Error(`${url}: HTTP ${res.status} after ${attempt} attempts`);
    const wait = Number(res.headers.get('retry-after')) * 1000 || 1000 * 2 ** attempt;
    console.error(`  HTTP ${res.status}, waiting ${Math.round(wait / 1000)}s`);
    await new Promise((r) => setTimeout(r, wait));
    return kobo(url, attempt + 1);
  }
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

function flatten(obj, prefix = '', out = {}) {
  for (const [key, value] of Object.entries(obj)) {
    const name = prefix ? `${prefix}/${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, name, out);
    else if (Array.isArray(value)) out[name] = JSON.stringify(value);
    else out[name] = value;
  }
  return out;
}

function csvCell(value) {
  if (value === null || value === undefined) return '';
  const s = String(value);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

async function assetInfo(uid) {
  const info = await kobo(`${API}/assets/${uid}/?format=json`);
  return { uid, name: info.name, count: info.deployment__submission_count, version: info.version_id };
}

async function pullAsset(uid, since, dryRun) {
  const info = await assetInfo(uid);
  console.error(`${info.name} (${uid}): ${info.count} submission(s) on the server`);
  if (dryRun) return { ...info, written: 0 };
  const query = since ? `&query=${encodeURIComponent(JSON.stringify({ _submission_time: { $gte: since } }))}` : '';
  let url = `${API}/assets/${uid}/data/?format=json&limit=${PAGE}${query}`;
  const dir = path.join(OUT, uid);
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().slice(0, 10);
  const jsonlPath = path.join(dir, `submissions-${stamp}.jsonl`);
  const tmpJsonl = `${jsonlPath}.part`;
  const stream = fs.createWriteStream(tmpJsonl);
  const columns = new Set();
  const rows = [];
  let written = 0;
  while (url) {
    const page = await kobo(url);
    for (const sub of page.results) {
      stream.write(JSON.stringify(sub) + '\n');
      const flat = flatten(sub);
      Object.keys(flat).forEach((k) => columns.add(k));
      rows.push(flat);
      written++;
    }
    url = page.next;
    process.stderr.write(`  ${written} downloaded\r`);
  }
  await new Promise((resolve, reject) => stream.end((err) => (err ? reject(err) : resolve())));
  fs.renameSync(tmpJsonl, jsonlPath);

  const header = [...columns].sort();
  const csvPath = path.join(dir, `submissions-${stamp}.csv`);
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(header.map((h) => csvCell(row[h])).join(','));
  fs.writeFileSync(`${csvPath}.part`, lines.join('\n') + '\n');
  fs.renameSync(`${csvPath}.part`, csvPath);

  fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify({
    asset: info, downloaded: new Date().toISOString(), since, rows: written,
    files: [path.basename(jsonlPath), path.basename(csvPath)],
  }, null, 2));
  console.error(`\n  wrote ${path.relative(ROOT, jsonlPath)} and ${path.basename(csvPath)}`);
  return { ...info, written };
}

function pruneOld(uid, keep = 5) {
  const dir = path.join(OUT, uid);
  if (!fs.existsSync(dir)) return;
  const files = fs.readdirSync(dir)
    .filter((f) => /^submissions-\d{4}-\d{2}-\d{2}\.(jsonl|csv)$/.test(f))
    .sort()
    .reverse();
  const dates = [...new Set(files.map((f) => f.slice(12, 22)))];
  for (const date of dates.slice(keep)) {
    for (const f of files.filter((name) => name.includes(date))) {
      fs.unlinkSync(path.join(dir, f));
    }
  }
}

function checkDiskSpace(minMb = 500) {
  // Large surveys produce GB-sized JSONL; fail early instead of leaving half files.
  try {
    const stat = fs.statfsSync(ROOT);
    const freeMb = (stat.bavail * stat.bsize) / 1024 / 1024;
    if (freeMb < minMb) throw new Error(`only ${Math.round(freeMb)} MB free below ${ROOT}`);
  } catch (err) {
    if (err.code !== 'ERR_METHOD_NOT_IMPLEMENTED') throw err;
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  checkDiskSpace();
  if (args.help) {
    console.log('usage: kobo-pull.js [--asset UID]... [--since YYYY-MM-DD] [--dry-run]');
    return;
  }
  if (!TOKEN) throw new Error('KOBO_TOKEN missing (Account settings > Security > API key)');
  console.error(`using token ${mask(TOKEN)} on ${API}`);
  const configured = JSON.parse(fs.readFileSync(path.join(ROOT, 'config', 'kobo-assets.json'), 'utf8'));
  const assets = args.assets.length ? args.assets : configured.map((a) => a.uid);
  const summary = [];
  for (const uid of assets) {
    try {
      summary.push(await pullAsset(uid, args.since, args.dryRun));
      if (!args.dryRun) pruneOld(uid);
    } catch (err) {
      console.error(`  ${uid} failed: ${err.message}`);
      summary.push({ uid, error: err.message });
    }
  }
  console.table(summary.map((s) => ({ asset: s.uid, name: s.name, server: s.count, written: s.written, error: s.error })));
  if (summary.some((s) => s.error)) process.exitCode = 1;
  console.error(`host: ${os.hostname()}, output: ${path.relative(ROOT, OUT)}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
