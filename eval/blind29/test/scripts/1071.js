#!/usr/bin/env node
// Import web server access logs into the local Matomo (dev stack) with
// Matomo's official log importer (misc/log-analytics/import_logs.py).
//
//   node tools/matomo-import.js logs/access-2024-06-*.log.gz --idsite 3
//   node tools/matomo-import.js logs/*.log --idsite 3 --recorders 4 --dry-run
//
// The importer runs as a child process with an argv array; the token is
// passed via the MATOMO_TOKEN_AUTH environment variable of the child (the
// importer reads --token-auth, so we pass it as an argument but never log
// the full command line).  Target: http://localhost:8080 only.  Each log file
// is imported once: its sha1 is recorded in build/imported-logs.json.  After
// the import, core:archive is triggered for the affected site.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawn } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const MATOMO_URL = 'http://localhost:8080';
const IMPORTER = path.join(ROOT, 'matomo', 'misc', 'log-analytics', 'import_logs.py');
const STATE = path.join(ROOT, 'build', 'imported-logs.json');

function parseCli() {
  const argv = process.argv.slice(2);
  const o = { files: [], idsite: null, recorders: 2, dryRun: false, format: 'common_complete' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--idsite') o.idsite = Number(argv[++i]);
    else if (a === '--recorders') o.recorders = Number(argv[++i]);
    else if (a === '--format') o.format = argv[++i];
    else if (a === '--dry-run') o.dryRun = true;
    else if (a.startsWith('--')) throw new Error(`unknown flag ${a}`);
    else o.files.push(path.resolve(a));
  }
  if (!Number.isInteger(o.idsite) || o.idsite <= 0) throw new Error('--idsite <n> is required');
  if (!o.files.length) throw new Error('no log files given');
  return o;
}

function token() {
  if (process.env.MATOMO_TOKEN_AUTH) return process.env.MATOMO_TOKEN_AUTH;
  const env = path.join(ROOT, '.env');
  if (fs.existsSync(env)) {
    const m = /^MATOMO_TOKEN_AUTH=(.*)$/m.exec(fs.readFileSync(env, 'utf8'));
    if (m) return m[1].trim().replace(/^"|"$/g, '');
  }
  throw new Error('MATOMO_TOKEN_AUTH not configured');
}

async function sha1(file) {
  const hash = crypto.createHash('sha1');
  for await (const piece of fs.createReadStream(file)) hash.update(piece);
  return hash.digest('hex');
}

async function loadState() {
  try {
    return JSON.parse(await fsp.readFile(STATE, { encoding: 'utf8' }));
  } catch {
    return {};
  }
}

async function saveState(state) {
  await fsp.mkdir(path.dirname(STATE), { recursive: true });
  await fsp.writeFile(`${STATE}.tmp`, JSON.stringify(state, null, 2));
  await fsp.rename(`${STATE}.tmp`, STATE);
}

function importer(files, o, tok) {
  const args = [
    IMPORTER,
    `--url=${MATOMO_URL}`,
    `--idsite=${o.idsite}`,
    `--recorders=${o.recorders}`,
    `--log-format-name=${o.format}`,
    '--enable-http-errors',
    '--enable-http-redirects',
    '--enable-static',
    '--enable-bots',
    '--show-progress',
    `--token-auth=${tok}`,
  ];
  if (o.dryRun) args.push('--dry-run');
  args.push(...files);
  return new Promise((resolve) => {
    const child = spawn('python3', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let summary = '';
    child.stdout.on('data', (d) => {
      const text = d.toString();
      summary += text;
      const progress = /(\d+) lines parsed, (\d+) lines recorded/.exec(text);
      if (progress) process.stderr.write(`\r[matomo-import] ${progress[1]} parsed, ${progress[2]} recorded   `);
    });
    child.stderr.on('data', (d) => process.stderr.write(d.toString().replaceAll(tok, '***')));
    const onSignal = () => child.kill('SIGINT');
    process.once('SIGINT', onSignal);
    child.on('close', (code) => {
      process.removeListener('SIGINT', onSignal);
      process.stderr.write('\n');
      resolve({ code, summary });
    });
  });
}

function summaryNumbers(text) {
  const grab = (re) => Number((re.exec(text) || [])[1] || 0);
  return {
    requestsImported: grab(/(\d+) requests imported successfully/),
    errors: grab(/(\d+) requests were downloads|(\d+) HTTP errors/),
    ignored: grab(/(\d+) requests ignored/),
  };
}

// quick pre-scan: date range and line count of each log, so a wrong file
// (e.g. last year's) is noticed before the import starts
async function prescan(file) {
  const zlib = require('node:zlib');
  const readline = require('node:readline');
  const input = file.endsWith('.gz') ? fs.createReadStream(file).pipe(zlib.createGunzip()) : fs.createReadStream(file);
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  let lines = 0;
  let first = null;
  let last = null;
  for await (const line of rl) {
    lines++;
    const m = /\[(\d{2}\/\w{3}\/\d{4}):/.exec(line);
    if (m) {
      first ??= m[1];
      last = m[1];
    }
  }
  return { lines, first, last };
}

function archive(idsite) {
  return new Promise((resolve) => {
    const child = spawn('docker', ['compose', 'exec', '-T', 'matomo', 'php', 'console', 'core:archive', `--url=${MATOMO_URL}`, `--force-idsites=${idsite}`], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    child.on('close', resolve);
  });
}

async function main() {
  const o = parseCli();
  if (!fs.existsSync(IMPORTER)) throw new Error(`importer not found at ${path.relative(ROOT, IMPORTER)} (git submodule update?)`);
  const tok = token();
  const state = await loadState();
  const todo = [];
  for (const f of o.files) {
    if (!f.startsWith(ROOT + path.sep)) throw new Error(`${f} is outside the project`);
    const digest = await sha1(f);
    if (state[digest] && !o.dryRun) {
      console.error(`[matomo-import] ${path.relative(ROOT, f)} already imported on ${state[digest].at}`);
      continue;
    }
    const scan = await prescan(f);
    console.error(`[matomo-import] ${path.relative(ROOT, f)}: ${scan.lines} lines, ${scan.first ?? '?'} – ${scan.last ?? '?'}`);
    todo.push({ f, digest });
  }
  if (!todo.length) {
    console.error('[matomo-import] nothing to import');
    return;
  }
  const { code, summary } = await importer(todo.map((t) => t.f), o, tok);
  if (code !== 0) throw new Error(`importer exited with ${code}`);
  const nums = summaryNumbers(summary);
  console.error(`[matomo-import] imported ${nums.requestsImported} requests (${nums.ignored} ignored)`);
  if (o.dryRun) return;
  for (const t of todo) state[t.digest] = { file: path.relative(ROOT, t.f), idsite: o.idsite, at: new Date().toISOString() };
  await saveState(state);
  const archiveCode = await archive(o.idsite);
  if (archiveCode !== 0) console.error('[matomo-import] core:archive failed; run it manually');
}

main().catch((e) => {
  console.error(`[matomo-import] ${e.message}`);
  process.exitCode = 1;
});
