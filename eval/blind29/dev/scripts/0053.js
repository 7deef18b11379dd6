#!/usr/bin/env node
// Export pageview data from our GoatCounter instance and roll it up per month.
//
//   node tools/goatcounter-export.mjs            (run with node >= 20)
//   node tools/goatcounter-export.js --since 2024-01-01 --keep-raw
//
// GoatCounter's export API is asynchronous: POST /api/v0/export starts a job,
// GET /api/v0/export/{id} reports progress and GET .../download returns a
// gzipped CSV.  The instance is https://count.internal (or GOATCOUNTER_URL
// from .env) and the API token lives in .env as GOATCOUNTER_TOKEN.  Raw
// exports are written to data/goatcounter/raw/ and removed after roll-up
// unless --keep-raw is given.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const zlib = require('node:zlib');
const readline = require('node:readline');
const { pipeline } = require('node:stream/promises');
const { Readable } = require('node:stream');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'data', 'goatcounter');
const RAW = path.join(OUT, 'raw');
const STATE = path.join(OUT, 'state.json');

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
};

function log(msg) {
  process.stderr.write(`[goatcounter] ${msg}\n`);
}

function readEnv() {
  const file = path.join(ROOT, '.env');
  const env = {};
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*"?([^"]*)"?\s*$/);
      if (m) env[m[1]] = m[2];
    }
  }
  return { ...env, ...process.env };
}

function apiBase(env) {
  const url = new URL(env.GOATCOUNTER_URL || 'https://count.internal');
  if (!(url.hostname.endsWith('.internal') || url.hostname === 'localhost')) {
    throw new Error(`refusing to send the token to ${url.hostname}`);
  }
  return `${url.origin}/api/v0`;
}

async function api(base, token, method, route, body) {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status === 429 && attempt < 6) {
      const wait = Number(res.headers.get('x-rate-limit-reset') || attempt * 2);
      log(`rate limited, waiting ${wait}s`);
      await new Promise((r) => setTimeout(r, wait * 1000));
      continue;
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      throw new Error(`${method} ${route}: HTTP ${res.status} ${text.slice(0, 200)}`);
    }
    return res;
  }
}

async function loadState() {
  try {
    return JSON.parse(await fsp.readFile(STATE, 'utf8'));
  } catch {
    return { lastHitId: 0, months: {} };
  }
}

async function saveState(state) {
  const tmp = `${STATE}.tmp`;
  await fsp.writeFile(tmp, JSON.stringify(state, null, 2));
  await fsp.rename(tmp, STATE);
}

async function startExport(base, token, startFromHitId) {
  const res = await api(base, token, 'POST', '/export', { start_from_hit_id: startFromHitId });
  const job = await res.json();
  log(`export job ${job.id} started (from hit ${startFromHitId})`);
  return job.id;
}

async function waitForExport(base, token, id) {
  for (let i = 0; i < 120; i++) {
    const res = await api(base, token, 'GET', `/export/${id}`);
    const job = await res.json();
    if (job.finished_at) {
      log(`export ${id} finished: ${job.num_rows} rows, last hit ${job.last_hit_id}`);
      return job;
    }
    await new Promise((r) => setTimeout(r, 5000));
  }
  throw new Error(`export ${id} did not finish in 10 minutes`);
}

async function download(base, token, id) {
  await fsp.mkdir(RAW, { recursive: true });
  const file = path.join(RAW, `export-${id}.csv`);
  const res = await api(base, token, 'GET', `/export/${id}/download`);
  await pipeline(Readable.fromWeb(res.body), zlib.createGunzip(), fs.createWriteStream(file));
  return file;
}

function parseCsvLine(line) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

async function rollUp(file, state, since) {
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  let header = null;
  let rows = 0;
  for await (const line of rl) {
    if (!line) continue;
    const cols = parseCsvLine(line);
    if (!header) {
      header = Object.fromEntries(cols.map((c, i) => [c.replace(/^\d+,?/, '').trim(), i]));
      continue;
    }
    const created = cols[header.Date ?? header.CreatedAt ?? 0] || '';
    if (since && created < since) continue;
    if (cols[header.Bot] && cols[header.Bot] !== '0') continue;
    const month = created.slice(0, 7);
    const pathName = cols[header.Path] || '/';
    const m = (state.months[month] ??= { hits: 0, paths: {} });
    m.hits++;
    m.paths[pathName] = (m.paths[pathName] || 0) + 1;
    rows++;
  }
  return rows;
}

function topPaths(paths, n = 10) {
  return Object.entries(paths)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
}

async function writeSummary(state) {
  const lines = ['month,hits,top_path,top_path_hits'];
  for (const month of Object.keys(state.months).sort()) {
    const m = state.months[month];
    const [top] = topPaths(m.paths, 1);
    lines.push(`${month},${m.hits},"${(top?.[0] || '').replace(/"/g, '""')}",${top?.[1] || 0}`);
  }
  await fsp.writeFile(path.join(OUT, 'monthly.csv'), lines.join('\n') + '\n');
}

async function main() {
  const env = readEnv();
  if (!env.GOATCOUNTER_TOKEN) throw new Error('GOATCOUNTER_TOKEN missing in .env');
  const base = apiBase(env);
  await fsp.mkdir(OUT, { recursive: true });
  const state = await loadState();
  const id = await startExport(base, env.GOATCOUNTER_TOKEN, state.lastHitId);
  const job = await waitForExport(base, env.GOATCOUNTER_TOKEN, id);
  if (!job.num_rows) {
    log('no new hits');
    return 0;
  }
  const file = await download(base, env.GOATCOUNTER_TOKEN, id);
  const rows = await rollUp(file, state, option('since', null));
  state.lastHitId = job.last_hit_id;
  await saveState(state);
  await writeSummary(state);
  if (!flag('keep-raw')) await fsp.rm(file, { force: true });
  log(`${rows} hits rolled up into data/goatcounter/monthly.csv`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    log(`error: ${err.message}`);
    process.exit(1);
  },
);
