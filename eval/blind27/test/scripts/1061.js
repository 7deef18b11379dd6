#!/usr/bin/env node
// Run a set of read-only GAM reports in parallel and merge them for the
// security review spreadsheet.
//
//   node tools/gam-reports.js [--concurrency 3] [--only admins,2sv,forwards]
//
// Each report is a `gam print ...` command given as an argv array (no shell).
// Output CSVs land in reports/security-<date>/. Commands are checked against a
// read-only allow-list (first word must be print/report/info/show) before being
// spawned, so a typo in the table can never run an update or delete.
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const GAM = process.env.GAM_BIN || 'gam';
const READ_VERBS = new Set(['print', 'report', 'info', 'show']);

const REPORTS = {
  admins: ['print', 'admins', 'role', 'all'],
  '2sv': ['print', 'users', 'query', 'isEnrolledIn2Sv=false isSuspended=false', 'fields', 'primaryemail,orgunitpath,lastlogintime'],
  forwards: ['all', 'users', 'print', 'forwards'],
  delegates: ['all', 'users', 'print', 'delegates'],
  tokens: ['all', 'users', 'print', 'tokens', 'aggregateby', 'clientid'],
  external_shares: ['report', 'drive', 'parameters', 'doc_title,visibility,owner', 'filter', 'visibility==shared_externally'],
  groups_external: ['print', 'groups', 'fields', 'email,allowexternalmembers,whocanjoin'],
};

function isReadOnly(argv) {
  // "all users print forwards" puts the verb third; otherwise it is first
  const verb = argv[0] === 'all' ? argv[2] : argv[0];
  return READ_VERBS.has(verb);
}

function runGam(name, argv, outFile) {
  return new Promise((resolve) => {
    if (!isReadOnly(argv)) {
      resolve({ name, ok: false, error: 'refused: not a read-only gam command' });
      return;
    }
    const started = Date.now();
    const out = fs.createWriteStream(outFile);
    const child = spawn(GAM, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GAM_CSV_ROW_FILTER: '' } });
    let stderr = '';
    child.stdout.pipe(out);
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (e) => resolve({ name, ok: false, error: e.message }));
    child.on('close', (code) => {
      out.end();
      resolve({ name, ok: code === 0, seconds: (Date.now() - started) / 1000, error: code === 0 ? null : stderr.trim().split('\n').pop() });
    });
  });
}

function countRows(file) {
  if (!fs.existsSync(file)) return 0;
  const text = fs.readFileSync(file, 'utf8').trim();
  return text ? text.split('\n').length - 1 : 0;
}

async function pool(tasks, n) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < tasks.length) {
        const t = tasks[next++];
        results.push(await t());
      }
    }),
  );
  return results;
}

function externalForwards(file, domains) {
  if (!fs.existsSync(file)) return [];
  const [header, ...lines] = fs.readFileSync(file, 'utf8').trim().split('\n');
  const cols = header.split(',');
  const iUser = cols.indexOf('User');
  const iTo = cols.findIndex((c) => /forwardTo|emailAddress/i.test(c));
  if (iUser < 0 || iTo < 0) return [];
  return lines
    .map((l) => l.split(','))
    .filter((f) => f[iTo] && !domains.some((d) => f[iTo].toLowerCase().endsWith(`@${d}`)))
    .map((f) => `${f[iUser]} -> ${f[iTo]}`);
}

function internalDomains() {
  const f = path.join(ROOT, 'config', 'internal_domains.txt');
  if (!fs.existsSync(f)) return ['corp.example.com'];
  return fs
    .readFileSync(f, 'utf8')
    .split('\n')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s && !s.startsWith('#'));
}

function riskyTokens(file) {
  // OAuth apps with broad scopes granted by many users deserve a look
  if (!fs.existsSync(file)) return [];
  const [header, ...lines] = fs.readFileSync(file, 'utf8').trim().split('\n');
  const cols = header.split(',');
  const iName = cols.indexOf('displayText');
  const iUsers = cols.findIndex((c) => /users|count/i.test(c));
  const iScopes = cols.indexOf('scopes');
  if (iName < 0 || iScopes < 0) return [];
  const broad = [/auth\/drive$/, /auth\/gmail\.modify/, /mail\.google\.com/, /admin\.directory/];
  return lines
    .map((l) => l.split(','))
    .filter((f) => broad.some((re) => re.test(f[iScopes] || '')))
    .map((f) => ({ app: f[iName], users: Number(f[iUsers] || 0) }))
    .sort((a, b) => b.users - a.users)
    .slice(0, 15);
}

// Most recent earlier summary.json, used for the "changed since" lines
function previousSummary(day) {
  const dirs = fs
    .readdirSync(path.join(ROOT, 'reports'))
    .filter((d) => d.startsWith('security-') && d !== `security-${day}`)
    .sort();
  if (!dirs.length) return null;
  const f = path.join(ROOT, 'reports', dirs[dirs.length - 1], 'summary.json');
  return fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : null;
}

function compare(prev, current) {
  if (!prev) return [];
  const lines = [];
  for (const [name, r] of Object.entries(current.reports)) {
    const before = prev.reports?.[name]?.rows;
    if (before != null && before !== r.rows) lines.push(`${name}: ${before} -> ${r.rows}`);
  }
  return lines;
}

async function main() {
  const argv = process.argv.slice(2);
  const cIdx = argv.indexOf('--concurrency');
  const concurrency = cIdx >= 0 ? Math.max(1, Number(argv[cIdx + 1])) : 3;
  const oIdx = argv.indexOf('--only');
  const only = oIdx >= 0 ? argv[oIdx + 1].split(',') : Object.keys(REPORTS);
  for (const o of only) if (!REPORTS[o]) throw new Error(`unknown report ${o}; have ${Object.keys(REPORTS).join(', ')}`);

  const day = new Date().toISOString().slice(0, 10);
  const dir = path.join(ROOT, 'reports', `security-${day}`);
  fs.mkdirSync(dir, { recursive: true });
  console.log(`${only.length} report(s), ${concurrency} at a time -> ${path.relative(ROOT, dir)}`);

  const results = await pool(
    only.map((name) => () => runGam(name, REPORTS[name], path.join(dir, `${name}.csv`))),
    concurrency,
  );
  for (const r of results.sort((a, b) => a.name.localeCompare(b.name))) {
    const rows = countRows(path.join(dir, `${r.name}.csv`));
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(16)} ${String(rows).padStart(6)} rows ${r.seconds ? `${r.seconds.toFixed(0)}s` : ''} ${r.error || ''}`);
  }

  const ext = externalForwards(path.join(dir, 'forwards.csv'), internalDomains());
  if (ext.length) {
    console.log(`\n${ext.length} mailbox(es) forward outside our domains:`);
    for (const e of ext.slice(0, 20)) console.log(`  ${e}`);
  }
  const summary = {
    date: day,
    reports: Object.fromEntries(results.map((r) => [r.name, { ok: r.ok, rows: countRows(path.join(dir, `${r.name}.csv`)) }])),
    externalForwards: ext.length,
  };
  for (const t of riskyTokens(path.join(dir, 'tokens.csv'))) console.log(`  broad-scope app: ${t.app} (${t.users} users)`);
  for (const c of compare(previousSummary(day), summary)) console.log(`  changed since last run: ${c}`);
  fs.writeFileSync(path.join(dir, 'summary.json'), JSON.stringify(summary, null, 2));
  process.exitCode = results.every((r) => r.ok) ? 0 : 1;
}

main().catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
