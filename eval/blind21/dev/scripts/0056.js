#!/usr/bin/env node
// scripts/sync-assets.js
//
// Copy the compiled assets of every app in apps/*/dist to the shared static
// host used by the preview environments, with rsync over ssh.
//
//   node scripts/sync-assets.js                 dry run for all apps
//   node scripts/sync-assets.js web admin       dry run for two apps
//   node scripts/sync-assets.js --apply         sync for real (uses --delete)
//
// Destination host and base path come from deploy/static.json. The --delete
// is confined to <base>/<app>/ and only runs after the dry-run shows fewer
// deletions than the per-app limit.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const os = require('node:os');

const ROOT = path.resolve(__dirname, '..');
const CONFIG = path.join(ROOT, 'deploy', 'static.json');

const argv = process.argv.slice(2);
const APPLY = argv.includes('--apply');
const only = argv.filter((a) => !a.startsWith('--'));

function die(msg, code = 1) {
  console.error(`sync-assets: ${msg}`);
  process.exit(code);
}

function loadConfig() {
  const cfg = JSON.parse(fs.readFileSync(CONFIG, 'utf8'));
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*\.internal$/.test(cfg.host)) {
    die(`host ${cfg.host} is not an internal host`);
  }
  if (!/^\/srv\/static\/[a-z0-9-]+$/.test(cfg.basePath)) {
    die(`basePath ${cfg.basePath} is not under /srv/static/`);
  }
  cfg.maxDeletes = cfg.maxDeletes ?? 200;
  cfg.user = cfg.user || 'deploy';
  return cfg;
}

function apps() {
  const dir = path.join(ROOT, 'apps');
  return fs.readdirSync(dir)
    .filter((name) => fs.existsSync(path.join(dir, name, 'dist', 'index.html')))
    .filter((name) => !only.length || only.includes(name));
}

function run(cmd, args, { capture = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let out = '';
    let err = '';
    if (capture) {
      child.stdout.on('data', (d) => { out += d; });
      child.stderr.on('data', (d) => { err += d; });
    }
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(Object.assign(new Error(`${cmd} exited ${code}: ${err.slice(-500)}`), { code }));
    });
  });
}

function rsyncArgs(cfg, app, controlPath, dryRun) {
  const src = path.join(ROOT, 'apps', app, 'dist') + '/';
  const dest = `${cfg.user}@${cfg.host}:${cfg.basePath}/${app}/`;
  const args = [
    '-rlz', '--checksum', '--delete', '--delay-updates',
    '--chmod=D755,F644',
    '--exclude=*.map',
    '-e', `ssh -o BatchMode=yes -o ControlPath=${controlPath}`,
  ];
  if (dryRun) args.push('--dry-run', '--itemize-changes');
  args.push(src, dest);
  return args;
}

function countChanges(output) {
  const lines = output.split('\n');
  return {
    deletes: lines.filter((l) => l.startsWith('*deleting')).length,
    sends: lines.filter((l) => /^[<>]f/.test(l)).length,
  };
}

async function withMaster(cfg, fn) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-assets-'));
  const controlPath = path.join(dir, 'ctl');
  const target = `${cfg.user}@${cfg.host}`;
  await run('ssh', ['-o', 'BatchMode=yes', '-o', 'ControlMaster=yes', '-o', `ControlPath=${controlPath}`,
    '-o', 'ControlPersist=120', '-fN', target]);
  try {
    return await fn(controlPath);
  } finally {
    await run('ssh', ['-o', `ControlPath=${controlPath}`, '-O', 'exit', target]).catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function retry(fn, attempts = 3) {
  let delay = 2000;
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts) throw err;
      console.warn(`  attempt ${i} failed (${err.message.split('\n')[0]}); retrying`);
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }
}

async function syncApp(cfg, app, controlPath) {
  const dry = await retry(() => run('rsync', rsyncArgs(cfg, app, controlPath, true), { capture: true }));
  const { deletes, sends } = countChanges(dry);
  console.log(`${app}: ${sends} to send, ${deletes} to delete`);
  if (deletes > cfg.maxDeletes) {
    console.error(`  ${app}: ${deletes} deletions exceed maxDeletes=${cfg.maxDeletes}; skipped`);
    return false;
  }
  if (!APPLY) return true;
  await retry(() => run('rsync', rsyncArgs(cfg, app, controlPath, false)));
  console.log(`  ${app}: synced`);
  return true;
}

function checkBuilds(list) {
  // a half-built app (vite crashed mid-way) would make --delete remove most
  // of the live files; require the manifest vite writes at the very end
  const bad = [];
  for (const app of list) {
    const dist = path.join(ROOT, 'apps', app, 'dist');
    const manifest = path.join(dist, '.vite', 'manifest.json');
    if (!fs.existsSync(manifest)) {
      bad.push(`${app}: no .vite/manifest.json`);
      continue;
    }
    const entries = Object.keys(JSON.parse(fs.readFileSync(manifest, 'utf8')));
    if (entries.length < 1) bad.push(`${app}: empty manifest`);
  }
  if (bad.length) die(`incomplete builds:\n  ${bad.join('\n  ')}`);
}

// The summary is read by the preview bot to post links on the pull request.
function writeSummary(results) {
  const file = path.join(ROOT, 'build', 'sync-assets.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ applied: APPLY, at: new Date().toISOString(), results }, null, 2));
}

async function main() {
  const cfg = loadConfig();
  const list = apps();
  checkBuilds(list);
  if (!list.length) die('no built apps found (apps/*/dist/index.html)');
  console.log(`${APPLY ? 'syncing' : 'dry run'} ${list.join(', ')} -> ${cfg.host}:${cfg.basePath}`);
  const results = await withMaster(cfg, async (controlPath) => {
    const out = {};
    for (const app of list) out[app] = await syncApp(cfg, app, controlPath);
    return out;
  });
  writeSummary(results);
  const skipped = Object.entries(results).filter(([, ok]) => !ok).map(([a]) => a);
  if (skipped.length) die(`skipped: ${skipped.join(', ')}`, 3);
  if (!APPLY) console.log('dry run only; pass --apply');
}

process.on('SIGINT', () => {
  console.error('\ninterrupted');
  process.exit(130);
});

main().catch((err) => die(err.message));
