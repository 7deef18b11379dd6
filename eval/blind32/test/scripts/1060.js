#!/usr/bin/env node
/*
 * athens-warm.js - pre-fill the local Athens Go module proxy before going
 * offline (trains, conference Wi-Fi, the lab without internet).
 *
 * Reads the module graph of every go.mod in the repo with `go list -m -json all`
 * (run with GOFLAGS=-mod=mod and GOPROXY pointing at the local Athens on
 * http://127.0.0.1:3000), then requests .info, .mod and .zip for every module
 * version from Athens, which fetches and caches them from proxy.golang.org.
 * A report of modules Athens could not serve is written to build/athens-warm.json.
 *
 * No credentials are involved; GONOSUMDB/GOPRIVATE modules (our own
 * git.internal modules) are skipped because Athens is configured to exclude them.
 */
'use strict';

const { execFile } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { promisify } = require('node:util');

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const ATHENS = process.env.ATHENS_URL || 'http://127.0.0.1:3000';
const REPORT = path.join(ROOT, 'build', 'athens-warm.json');
const PRIVATE_PREFIXES = (process.env.GOPRIVATE || 'git.internal/*').split(',').map((p) => p.replace(/\/\*$/, ''));
const CONCURRENCY = 8;

function assertLocal() {
  const host = new URL(ATHENS).hostname;
  if (!['127.0.0.1', 'localhost'].includes(host)) throw new Error(`ATHENS_URL must be local, got ${host}`);
}

function findGoMods(dir, out = []) {
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name === 'vendor' || entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) findGoMods(full, out);
    else if (entry.name === 'go.mod') out.push(dir);
  }
  return out;
}

function parseJsonStream(text) {
  // `go list -json` prints concatenated JSON objects, not an array
  const objects = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') {
      if (depth++ === 0) start = i;
    } else if (ch === '}') {
      if (--depth === 0) objects.push(JSON.parse(text.slice(start, i + 1)));
    }
  }
  return objects;
}

async function modulesOf(dir) {
  const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: `${ATHENS},off`, GONOSUMCHECK: '1' };
  const { stdout } = await execFileP('go', ['list', '-m', '-json', 'all'], { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 });
  return parseJsonStream(stdout)
    .filter((m) => !m.Main && m.Version)
    .map((m) => (m.Replace && m.Replace.Version ? m.Replace : m))
    .map((m) => ({ path: m.Path, version: m.Version }));
}

function isPrivate(modPath) {
  return PRIVATE_PREFIXES.some((p) => modPath === p || modPath.startsWith(`${p}/`));
}

// Go module proxy protocol: upper-case letters are escaped as !lower
function escapePath(p) {
  return p.replace(/[A-Z]/g, (c) => `!${c.toLowerCase()}`);
}

async function fetchOk(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return true;
      if (res.status === 404 || res.status === 410) return false;
    } catch {
      // retry below
    }
    await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
  }
  return false;
}

async function warm(mod) {
  const base = `${ATHENS}/${escapePath(mod.path)}/@v/${escapePath(mod.version)}`;
  const results = {};
  for (const ext of ['info', 'mod', 'zip']) {
    results[ext] = await fetchOk(`${base}.${ext}`);
  }
  return { ...mod, ok: results.info && results.mod && results.zip, results };
}

async function pool(items, limit, fn, onDone) {
  const out = [];
  let i = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (i < items.length) {
      const item = items[i++];
      const r = await fn(item);
      out.push(r);
      onDone(out.length, items.length, r);
    }
  }));
  return out;
}

// Summarise by top-level host so it is obvious which ecosystems we depend on.
function hostSummary(mods) {
  const counts = new Map();
  for (const m of mods) {
    const host = m.path.split('/')[0];
    counts.set(host, (counts.get(host) || 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

// Compare with the last report: modules that were cached before and fail now
// usually mean Athens lost its storage volume.
function regressions(results) {
  if (!fs.existsSync(REPORT)) return [];
  try {
    const previous = JSON.parse(fs.readFileSync(REPORT, 'utf8'));
    const failedBefore = new Set(previous.failed.map((f) => f.module));
    return results
      .filter((r) => !r.ok && !failedBefore.has(`${r.path}@${r.version}`))
      .map((r) => `${r.path}@${r.version}`);
  } catch {
    return [];
  }
}

async function main() {
  assertLocal();
  const health = await fetch(`${ATHENS}/healthz`).catch(() => null);
  if (!health || !health.ok) throw new Error(`Athens not reachable at ${ATHENS} (docker compose up -d athens)`);
  const dirs = findGoMods(ROOT);
  const seen = new Map();
  for (const dir of dirs) {
    for (const mod of await modulesOf(dir)) {
      if (!isPrivate(mod.path)) seen.set(`${mod.path}@${mod.version}`, mod);
    }
  }
  const mods = [...seen.values()].sort((a, b) => a.path.localeCompare(b.path));
  console.log(`${dirs.length} go.mod file(s), ${mods.length} public module versions`);
  for (const [host, n] of hostSummary(mods).slice(0, 8)) console.log(`  ${host.padEnd(28)} ${n}`);
  const results = await pool(mods, CONCURRENCY, warm, (done, total, r) => {
    if (!r.ok) console.log(`  missing ${r.path}@${r.version}`);
    if (done % 50 === 0 || done === total) console.log(`  ${done}/${total}`);
  });
  const failed = results.filter((r) => !r.ok);
  for (const m of regressions(results)) console.warn(`newly failing: ${m}`);
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, JSON.stringify({
    athens: ATHENS,
    at: new Date().toISOString(),
    modules: results.length,
    failed: failed.map((f) => ({ module: `${f.path}@${f.version}`, ...f.results })),
  }, null, 2));
  console.log(`${results.length - failed.length}/${results.length} cached; report ${path.relative(ROOT, REPORT)}`);
  if (failed.length) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 2;
});
