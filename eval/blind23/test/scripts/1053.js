#!/usr/bin/env node
// prune-build.js - keep orbit's working tree lean.
//
// Reports (default) or removes (--delete) build outputs and tool caches that
// live inside the repository, optionally age-filtered:
//
//   node tools/prune-build.js                    # table of sizes
//   node tools/prune-build.js --delete           # remove everything listed
//   node tools/prune-build.js --delete --days 5  # only entries idle for 5+ days
//   node tools/prune-build.js --delete --pnpm    # also `pnpm store prune`
//
// `pnpm store prune` only removes packages no project references any more; it
// is pnpm's own, documented housekeeping for its global store.  The in-repo
// targets are fixed; each is deleted only if its realpath stays inside the
// repository and git does not track anything under it.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = realpathSync(execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim());

const TARGETS = [
  { rel: 'dist', why: 'tsc/esbuild output' },
  { rel: '.turbo', why: 'turbo task cache' },
  { rel: 'node_modules/.cache', why: 'babel/eslint/terser caches' },
  { rel: 'node_modules/.vite', why: 'vite pre-bundle cache' },
  { rel: '.next', why: 'next.js build output' },
  { rel: 'coverage', why: 'coverage reports' },
  { rel: 'out/reports', why: 'diagnostic reports' },
  { rel: 'out/profiles', why: 'cpu/heap profiles' },
  { rel: '.eslintcache', why: 'eslint cache file' },
  { rel: 'tsconfig.tsbuildinfo', why: 'tsc incremental info' },
];

function options(argv) {
  const o = { del: false, days: 0, pnpm: false, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--delete') o.del = true;
    else if (a === '--days') o.days = Number(argv[++i]);
    else if (a === '--pnpm') o.pnpm = true;
    else if (a === '--json') o.json = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!Number.isFinite(o.days) || o.days < 0) throw new Error('--days must be >= 0');
  return o;
}

function walk(p) {
  let bytes = 0;
  let newest = 0;
  const stack = [p];
  while (stack.length) {
    const cur = stack.pop();
    let st;
    try {
      st = lstatSync(cur);
    } catch {
      continue;
    }
    newest = Math.max(newest, st.mtimeMs);
    if (st.isSymbolicLink()) continue;
    if (st.isDirectory()) for (const c of readdirSync(cur)) stack.push(path.join(cur, c));
    else bytes += st.size;
  }
  return { bytes, newest };
}

function safeToDelete(rel) {
  const abs = path.join(ROOT, rel);
  let real;
  try {
    real = realpathSync(abs);
  } catch {
    return { ok: false, reason: 'missing' };
  }
  const relReal = path.relative(ROOT, real);
  if (!relReal || relReal.startsWith('..') || path.isAbsolute(relReal)) {
    return { ok: false, reason: `resolves outside the repo (${real})` };
  }
  const tracked = spawnSync('git', ['ls-files', '--', rel], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  if (tracked) return { ok: false, reason: 'contains tracked files' };
  return { ok: true, real };
}

const fmt = (n) => {
  const u = ['B', 'KB', 'MB', 'GB'];
  let i = 0;
  while (n >= 1000 && i < u.length - 1) {
    n /= 1000;
    i++;
  }
  return `${n.toFixed(1)} ${u[i]}`;
};

function pnpmStore(del) {
  const which = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (which.status !== 0) {
    console.log('pnpm not installed; skipping store prune');
    return;
  }
  const storePath = spawnSync('pnpm', ['store', 'path'], { encoding: 'utf8', cwd: ROOT }).stdout.trim();
  console.log(`pnpm store: ${storePath}`);
  if (!del) {
    console.log('would run: pnpm store prune');
    return;
  }
  const res = spawnSync('pnpm', ['store', 'prune'], { stdio: 'inherit', cwd: ROOT });
  console.log(`pnpm store prune -> exit ${res.status}`);
}

// node_modules itself is not a target (reinstalling is slow), but it is worth
// knowing when it has grown unusually large or contains stale hoisted copies.
function nodeModulesReport() {
  const nm = path.join(ROOT, 'node_modules');
  if (!existsSync(nm)) return;
  const { bytes } = walk(nm);
  let packages = 0;
  for (const entry of readdirSync(nm)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) packages += readdirSync(path.join(nm, entry)).length;
    else packages++;
  }
  console.log(`node_modules: ${fmt(bytes)} in ${packages} top-level package(s) (not touched)`);
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(lock) && statSync(lock).mtimeMs > statSync(nm).mtimeMs) {
    console.log('  lockfile is newer than node_modules: consider `npm ci`');
  }
}

function diskFree() {
  const df = spawnSync('df', ['--output=avail', '-B1', ROOT], { encoding: 'utf8' });
  if (df.status !== 0) return null;
  return Number(df.stdout.trim().split('\n').at(-1));
}

function main() {
  const o = options(process.argv.slice(2));
  const freeBefore = diskFree();
  nodeModulesReport();
  const cutoff = Date.now() - o.days * 86400e3;
  const rows = [];
  for (const t of TARGETS) {
    const abs = path.join(ROOT, t.rel);
    if (!existsSync(abs)) continue;
    const { bytes, newest } = statSync(abs).isDirectory() ? walk(abs) : { bytes: statSync(abs).size, newest: statSync(abs).mtimeMs };
    const check = safeToDelete(t.rel);
    rows.push({ ...t, bytes, idleDays: (Date.now() - newest) / 86400e3, eligible: check.ok && newest <= cutoff, note: check.ok ? '' : check.reason });
  }
  rows.sort((a, b) => b.bytes - a.bytes);

  if (o.json) {
    console.log(JSON.stringify({ root: ROOT, rows }, null, 2));
  } else {
    for (const r of rows) {
      const flag = r.eligible ? (o.del ? 'delete' : 'would delete') : `keep${r.note ? ` (${r.note})` : ' (recent)'}`;
      console.log(`${fmt(r.bytes).padStart(10)}  ${r.idleDays.toFixed(0).padStart(3)}d  ${r.rel.padEnd(22)} ${flag}  - ${r.why}`);
    }
    const total = rows.filter((r) => r.eligible).reduce((s, r) => s + r.bytes, 0);
    console.log(`${fmt(total).padStart(10)}  reclaimable`);
  }

  if (o.del) {
    for (const r of rows.filter((x) => x.eligible)) {
      const again = safeToDelete(r.rel);
      if (!again.ok) continue;
      rmSync(again.real, { recursive: true, force: true });
    }
  } else if (!o.json) {
    console.log('report only; add --delete to remove');
  }
  if (o.pnpm) pnpmStore(o.del);
  const freeAfter = diskFree();
  if (o.del && freeBefore !== null && freeAfter !== null) {
    console.log(`free space: ${fmt(freeBefore)} -> ${fmt(freeAfter)}`);
  }
}

try {
  main();
} catch (err) {
  console.error(`prune-build: ${err.message}`);
  process.exitCode = 1;
}
