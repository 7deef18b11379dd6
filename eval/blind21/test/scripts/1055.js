#!/usr/bin/env node
/*
 * ops/borg-job.js
 *
 * Borg backup of the ledger exports directory, driven from Node because the
 * rest of the ops tooling (status page, notifications) is JavaScript.
 *
 *   node ops/borg-job.js run             create + prune (own prefix) + compact
 *   node ops/borg-job.js run --dry-run   borg --dry-run everywhere
 *   node ops/borg-job.js list
 *   node ops/borg-job.js check
 *
 * Configuration: ops/borg-job.json
 *   {
 *     "repo": "ssh://borg@backup-1.internal/./ledger-exports",
 *     "prefix": "ledger-exports",
 *     "paths": ["var/exports", "var/reports"],
 *     "keep": { "daily": 7, "weekly": 4, "monthly": 6 }
 *   }
 *
 * The passphrase is obtained by borg itself through BORG_PASSCOMMAND
 * (`pass show infra/borg/ledger-exports`), so it never passes through this
 * process. Prune is restricted with --glob-archives '<prefix>-*'; archives
 * of other jobs in the same repository are never considered.
 *
 * The borg child is killed with SIGINT on Ctrl-C/SIGTERM so it can write a
 * checkpoint; the lock file in var/ is removed on every exit path.
 */
'use strict';

// Node 18+.

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CFG = JSON.parse(fs.readFileSync(path.join(__dirname, 'borg-job.json'), 'utf8'));
const LOCK = path.join(ROOT, 'var', 'borg-job.lock');
const STATUS = path.join(ROOT, 'var', 'status', 'borg-job.json');

let child = null;

function fatal(msg) {
  console.error(`borg-job: ${msg}`);
  releaseLock();
  process.exit(1);
}

// validate() runs before the lock is taken, so a broken config fails fast
// without leaving a stale lock behind. Checks:
//   - the prefix is long enough to be specific (prune uses it as a glob)
//   - the keep policy retains at least one archive per run
//   - the repository is local or on an internal backup host
//   - every source path exists and is inside the repository
// Anything else (passphrase, ssh reachability) is checked by borg itself
// on the first call and reported with borg's own error message.
// The sources are resolved relative to the repository root, not the cwd.
// An absolute path in the config is allowed only if it is inside ROOT.
function validate() {
  if (!/^[a-z0-9-]{4,}$/.test(CFG.prefix)) fatal(`prefix ${CFG.prefix} is too short or has odd characters`);
  const keep = CFG.keep || {};
  if (!Object.values(keep).some((n) => Number(n) > 0)) fatal('keep policy retains nothing');
  if (!/^ssh:\/\/[a-z]+@[a-z0-9.-]+\.internal\//.test(CFG.repo) && !CFG.repo.startsWith('./')) {
    fatal(`repo ${CFG.repo} must be an internal ssh repo or a local path`);
  }
  for (const p of CFG.paths) {
    const abs = path.resolve(ROOT, p);
    if (!abs.startsWith(ROOT + path.sep)) fatal(`path ${p} is outside the repository`);
    if (!fs.existsSync(abs)) fatal(`path ${p} does not exist`);
  }
}

function takeLock() {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  try {
    fs.writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
  } catch {
    const other = Number(fs.readFileSync(LOCK, 'utf8'));
    try {
      process.kill(other, 0);
      fatal(`another run (pid ${other}) holds the lock`);
    } catch {
      fs.writeFileSync(LOCK, String(process.pid));
    }
  }
}

function releaseLock() {
  try {
    if (fs.readFileSync(LOCK, 'utf8') === String(process.pid)) fs.rmSync(LOCK);
  } catch {
    // no lock, nothing to do
  }
}

function borgEnv() {
  return {
    ...process.env,
    BORG_REPO: CFG.repo,
    BORG_PASSCOMMAND: CFG.passcommand || 'pass show infra/borg/ledger-exports',
    BORG_RSH: 'ssh -o BatchMode=yes -o ServerAliveInterval=20',
  };
}

function borg(args, { capture = false } = {}) {
  return new Promise((resolve, reject) => {
    console.log(`$ borg ${args.join(' ')}`);
    child = spawn('borg', args, { env: borgEnv(), stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit' });
    let out = '';
    if (capture) child.stdout.on('data', (d) => { out += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      child = null;
      // 0 = ok, 1 = warning (files changed during read), >= 2 = error
      if (code === 0 || code === 1) resolve(out);
      else reject(new Error(`borg ${args[0]} exited ${code}`));
    });
  });
}

function stamp() {
  return new Date().toISOString().replace(/[:]/g, '').replace(/\..*/, '');
}

async function run(dryRun) {
  const dry = dryRun ? ['--dry-run'] : [];
  const paths = CFG.paths.map((p) => path.resolve(ROOT, p));
  await borg(['create', ...dry, '--stats', '--compression', 'zstd,7', '--exclude-caches',
    `::${CFG.prefix}-${stamp()}`, ...paths]);
  const keepArgs = Object.entries(CFG.keep).flatMap(([k, n]) => (Number(n) > 0 ? [`--keep-${k}`, String(n)] : []));
  await borg(['prune', ...dry, '--list', '--glob-archives', `${CFG.prefix}-*`, ...keepArgs]);
  if (!dryRun) await borg(['compact']);
  writeStatus({ ok: true, dryRun });
}

async function list() {
  const out = await borg(['list', '--glob-archives', `${CFG.prefix}-*`, '--json'], { capture: true });
  const { archives } = JSON.parse(out);
  for (const a of archives.slice(-15)) console.log(`${a.name.padEnd(44)} ${a.time}`);
  console.log(`${archives.length} archive(s) with prefix ${CFG.prefix}`);
}

async function check() {
  await borg(['check', '--glob-archives', `${CFG.prefix}-*`, '--last', '2']);
}

function writeStatus(status) {
  fs.mkdirSync(path.dirname(STATUS), { recursive: true });
  fs.writeFileSync(STATUS, JSON.stringify({ ...status, at: new Date().toISOString() }, null, 2));
}

function onSignal(sig) {
  console.error(`\nborg-job: ${sig}; asking borg to checkpoint and stop`);
  if (child) child.kill('SIGINT');
  setTimeout(() => {
    releaseLock();
    process.exit(130);
  }, 30000).unref();
}

async function main() {
  const [cmd = 'run', ...rest] = process.argv.slice(2);
  validate();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  takeLock();
  try {
    if (cmd === 'run') await run(rest.includes('--dry-run'));
    else if (cmd === 'list') await list();
    else if (cmd === 'check') await check();
    else fatal('usage: borg-job.js run [--dry-run] | list | check');
  } catch (err) {
    writeStatus({ ok: false, error: err.message });
    fatal(err.message);
  } finally {
    releaseLock();
  }
}

main();
