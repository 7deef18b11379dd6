#!/usr/bin/env node
// Owner: mail platform team.  Node >= 18, no dependencies.
// See docs/mail/rspamd-tuning.md for the weight-change review process.
//
//
// Corpus layout:
//   tests/corpus/spam/*.eml   labelled spam (from the abuse mailbox, headers scrubbed)
//   tests/corpus/ham/*.eml    labelled ham (team newsletters, list traffic)
//
// Verdict mapping: rspamd actions "reject", "add header" and "rewrite subject"
// count as spam; "greylist", "soft reject" and "no action" count as ham.
//
// Typical tuning loop:
//   1. node tools/spam-tune.js --symbols 20
//   2. adjust weights in config/rspamd/local.d/*.conf, reload staging rspamd
//   3. rerun and compare build/spam-tune.json with the previous run
//
// Never point RSPAMD_URL at the production controller: --learn changes the
// bayes database, and the staging one is disposable.
//
// Exit code is 0 even with misclassifications; CI reads build/spam-tune.json.
//
// spam-tune.js - check the staging rspamd against the labelled corpus in tests/corpus/
//
//   node tools/spam-tune.js                 score every message, print confusion matrix
//   node tools/spam-tune.js --learn --apply train bayes with the corpus (staging only)
//   node tools/spam-tune.js --symbols 15    show the 15 symbols that fire most
//
// Talks to the rspamd controller on localhost:11334 (or RSPAMD_URL on *.internal);
// the controller password comes from .env (RSPAMD_PASSWORD) and goes into the
// `Password` header, which is how the rspamd HTTP API authenticates.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CORPUS = path.join(ROOT, 'tests', 'corpus');
const REPORT = path.join(ROOT, 'build', 'spam-tune.json');

function env() {
  const out = { ...process.env };
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split(/\n/)) {
      const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
      if (m && !(m[1] in process.env)) out[m[1]] = m[2];
    }
  }
  return out;
}

function controller(e) {
  const url = new URL(e.RSPAMD_URL || 'http://localhost:11334');
  if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1' && !url.hostname.endsWith('.internal')) {
    throw new Error(`RSPAMD_URL ${url.hostname} is not a staging host`);
  }
  return { url, password: e.RSPAMD_PASSWORD || '' };
}

async function rspamd(ctl, endpoint, { body, method = 'POST' } = {}) {
  const headers = { Password: ctl.password };
  let wait = 250;
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      const res = await fetch(new URL(endpoint, ctl.url), { method, headers, body });
      const text = await res.text();
      if (!res.ok) throw new Error(`${endpoint}: HTTP ${res.status} ${text.slice(0, 120)}`);
      return text ? JSON.parse(text) : {};
    } catch (err) {
      if (attempt === 3 || /HTTP 4\d\d/.test(err.message)) throw err;
      await new Promise((r) => setTimeout(r, wait));
      wait *= 2;
    }
  }
  throw new Error('unreachable');
}

async function corpus() {
  const sets = [];
  for (const label of ['spam', 'ham']) {
    const dir = path.join(CORPUS, label);
    if (!fs.existsSync(dir)) continue;
    for (const name of (await fsp.readdir(dir)).sort()) {
      if (name.endsWith('.eml')) sets.push({ label, file: path.join(dir, name) });
    }
  }
  return sets;
}

function verdict(result) {
  const action = result.action || 'no action';
  return ['reject', 'add header', 'rewrite subject'].includes(action) ? 'spam' : 'ham';
}

async function score(ctl, items) {
  const matrix = { spam: { spam: 0, ham: 0 }, ham: { spam: 0, ham: 0 } };
  const symbols = new Map();
  const misses = [];
  for (const item of items) {
    const body = await fsp.readFile(item.file);
    const result = await rspamd(ctl, '/checkv2', { body });
    const got = verdict(result);
    matrix[item.label][got]++;
    for (const name of Object.keys(result.symbols || {})) symbols.set(name, (symbols.get(name) || 0) + 1);
    if (got !== item.label) {
      misses.push({ file: path.relative(ROOT, item.file), expected: item.label, score: result.score });
    }
  }
  return { matrix, symbols, misses };
}

async function learn(ctl, items, apply) {
  let done = 0;
  for (const item of items) {
    const endpoint = item.label === 'spam' ? '/learnspam' : '/learnham';
    if (!apply) {
      done++;
      continue;
    }
    const body = await fsp.readFile(item.file);
    try {
      await rspamd(ctl, endpoint, { body });
      done++;
    } catch (err) {
      // "already learned" is reported as 208/4xx depending on version
      if (!/already learned/i.test(err.message)) throw err;
    }
  }
  return done;
}

function printMatrix(m) {
  const total = m.spam.spam + m.spam.ham + m.ham.spam + m.ham.ham;
  const precision = m.spam.spam / Math.max(1, m.spam.spam + m.ham.spam);
  const recall = m.spam.spam / Math.max(1, m.spam.spam + m.spam.ham);
  console.log('               predicted spam  predicted ham');
  console.log(`actual spam    ${String(m.spam.spam).padStart(14)}  ${String(m.spam.ham).padStart(13)}`);
  console.log(`actual ham     ${String(m.ham.spam).padStart(14)}  ${String(m.ham.ham).padStart(13)}`);
  console.log(`n=${total} precision=${precision.toFixed(3)} recall=${recall.toFixed(3)}`);
}

async function main() {
  const args = process.argv.slice(2);
  const opt = (name) => args.includes(name);
  const symbolsIdx = args.indexOf('--symbols');
  const topSymbols = symbolsIdx >= 0 ? Number(args[symbolsIdx + 1]) : 0;
  const ctl = controller(env());
  const stat = await rspamd(ctl, '/stat', { method: 'GET' });
  console.log(`rspamd ${stat.version || ''} at ${ctl.url.host}: scanned ${stat.scanned}, learned ${stat.learned}`);

  const items = await corpus();
  if (!items.length) throw new Error(`no .eml files under ${path.relative(ROOT, CORPUS)}`);

  if (opt('--learn')) {
    const n = await learn(ctl, items, opt('--apply'));
    console.log(opt('--apply') ? `learned ${n} messages` : `would learn ${n} messages (add --apply)`);
    return;
  }

  const { matrix, symbols, misses } = await score(ctl, items);
  printMatrix(matrix);
  if (misses.length) {
    console.log(`\n${misses.length} misclassified:`);
    for (const m of misses.slice(0, 20)) console.log(`  ${m.expected.padEnd(5)} ${m.score.toFixed(2).padStart(7)}  ${m.file}`);
  }
  if (topSymbols) {
    console.log(`\ntop ${topSymbols} symbols:`);
    for (const [name, n] of [...symbols].sort((a, b) => b[1] - a[1]).slice(0, topSymbols)) {
      console.log(`  ${name.padEnd(32)} ${n}`);
    }
  }
  await fsp.mkdir(path.dirname(REPORT), { recursive: true });
  await fsp.writeFile(REPORT, JSON.stringify({ matrix, misses, symbols: Object.fromEntries(symbols) }, null, 2));
  console.log(`\nreport: ${path.relative(ROOT, REPORT)}`);
}

main().catch((err) => {
  console.error(`spam-tune: ${err.message}`);
  process.exit(1);
});
