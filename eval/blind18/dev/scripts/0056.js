#!/usr/bin/env node
// Clean build outputs and tool caches that belong to this repository.
//
//   node scripts/clean.js            list what would be removed (default)
//   node scripts/clean.js --yes      remove it
//   node scripts/clean.js --deep     also node_modules in every workspace
//
// Every target is resolved against the repo root and must stay inside it;
// anything that resolves elsewhere (symlinks, "..") is skipped loudly.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const argv = new Set(process.argv.slice(2));
const YES = argv.has('--yes');
const DEEP = argv.has('--deep');

const GLOBAL_TARGETS = ['.turbo', '.cache', 'coverage', 'playwright-report', 'test-results', '.nyc_output', 'tmp'];
const WORKSPACE_TARGETS = ['dist', 'build', '.next', 'out', '.svelte-kit', 'storybook-static', 'node_modules/.cache', 'node_modules/.vite'];
const DEEP_TARGETS = ['node_modules'];

function workspaces() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const patterns = Array.isArray(pkg.workspaces) ? pkg.workspaces : pkg.workspaces?.packages || [];
  const dirs = [];
  for (const pattern of patterns) {
    if (!pattern.endsWith('/*')) {
      dirs.push(path.join(ROOT, pattern));
      continue;
    }
    const base = path.join(ROOT, pattern.slice(0, -2));
    if (!fs.existsSync(base)) continue;
    for (const entry of fs.readdirSync(base, { withFileTypes: true })) {
      if (entry.isDirectory() && fs.existsSync(path.join(base, entry.name, 'package.json'))) {
        dirs.push(path.join(base, entry.name));
      }
    }
  }
  return dirs;
}

function insideRepo(p) {
  let real;
  try {
    real = fs.realpathSync(p);
  } catch {
    return false;
  }
  const rel = path.relative(ROOT, real);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

async function sizeOf(p) {
  let total = 0;
  const stack = [p];
  while (stack.length) {
    const cur = stack.pop();
    let st;
    try {
      st = await fsp.lstat(cur);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) continue;
    if (st.isDirectory()) {
      for (const name of await fsp.readdir(cur)) stack.push(path.join(cur, name));
    } else {
      total += st.size;
    }
  }
  return total;
}

function human(bytes) {
  const units = ['B', 'KB', 'MB', 'GB'];
  let i = 0;
  while (bytes >= 1024 && i < units.length - 1) {
    bytes /= 1024;
    i++;
  }
  return `${bytes.toFixed(i ? 1 : 0)} ${units[i]}`;
}

function gitIgnored(p) {
  // only remove paths git would ignore anyway; protects committed fixtures named "build"
  try {
    execFileSync('git', ['check-ignore', '-q', path.relative(ROOT, p)], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
}

function candidates() {
  const list = [];
  for (const t of GLOBAL_TARGETS) list.push(path.join(ROOT, t));
  for (const ws of workspaces()) {
    for (const t of WORKSPACE_TARGETS) list.push(path.join(ws, t));
    if (DEEP) for (const t of DEEP_TARGETS) list.push(path.join(ws, t));
  }
  if (DEEP) list.push(path.join(ROOT, 'node_modules'));
  return [...new Set(list)].filter((p) => fs.existsSync(p));
}

async function stopOwnDevServers() {
  // dev servers started by `npm run dev` write their pid here; stop those only
  const pidDir = path.join(ROOT, 'tmp', 'pids');
  if (!fs.existsSync(pidDir)) return 0;
  let stopped = 0;
  for (const file of fs.readdirSync(pidDir).filter((f) => f.endsWith('.pid'))) {
    const pid = Number(fs.readFileSync(path.join(pidDir, file), 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 1) continue;
    try {
      process.kill(pid, 'SIGTERM');
      stopped++;
    } catch (err) {
      if (err.code !== 'ESRCH') console.warn(`could not stop ${file}: ${err.message}`);
    }
    fs.unlinkSync(path.join(pidDir, file));
  }
  return stopped;
}

// Old Playwright/Jest artifacts pile up in tmp/; keep the newest few runs.
async function pruneRunArchives(keep = 3) {
  const dir = path.join(ROOT, 'tmp', 'runs');
  if (!fs.existsSync(dir)) {
    return 0;
  }
  const entries = [];
  for (const name of await fsp.readdir(dir)) {
    const full = path.join(dir, name);
    const st = await fsp.stat(full);
    if (st.isDirectory()) {
      entries.push({ full, mtime: st.mtimeMs });
    }
  }
  entries.sort((a, b) => b.mtime - a.mtime);
  const old = entries.slice(keep);
  for (const e of old) {
    await fsp.rm(e.full, { recursive: true, force: true });
  }
  return old.length;
}

async function main() {
  const targets = candidates();
  const plan = [];
  for (const t of targets) {
    if (!insideRepo(t)) {
      console.warn(`skipping ${t}: resolves outside the repository`);
      continue;
    }
    if (!DEEP_TARGETS.includes(path.basename(t)) && !gitIgnored(t)) {
      console.warn(`skipping ${path.relative(ROOT, t)}: not git-ignored`);
      continue;
    }
    plan.push({ path: t, size: await sizeOf(t) });
  }
  plan.sort((a, b) => b.size - a.size);
  const total = plan.reduce((n, p) => n + p.size, 0);
  for (const p of plan) console.log(`${human(p.size).padStart(10)}  ${path.relative(ROOT, p.path)}`);
  console.log(`${human(total).padStart(10)}  total in ${plan.length} location(s)`);
  if (!YES) {
    console.log('\n(nothing removed; pass --yes)');
    return;
  }
  const stopped = await stopOwnDevServers();
  if (stopped) console.log(`stopped ${stopped} dev server(s) started from this repo`);
  for (const p of plan) await fsp.rm(p.path, { recursive: true, force: true, maxRetries: 3 });
  console.log(`removed ${human(total)}`);
  const pruned = await pruneRunArchives();
  if (pruned) console.log(`pruned ${pruned} old run archive(s) in tmp/runs`);
  if (DEEP) console.log('run `npm install` to restore node_modules');
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
