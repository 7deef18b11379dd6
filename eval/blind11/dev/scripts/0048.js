#!/usr/bin/env node
// scripts/error-digest.js - stream the worker's JSON logs and group errors by
// fingerprint. Usage: node scripts/error-digest.js logs/worker-*.jsonl
'use strict';

const fs = require('fs');
const readline = require('readline');
const path = require('path');
const zlib = require('zlib');

const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const asJson = process.argv.includes('--json');
const top = Number(process.env.TOP || 20);

if (!files.length) {
  console.error('usage: error-digest.js <log files...> [--json]');
  process.exit(2);
}

function fingerprint(msg) {
  return msg
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\b\d+\b/g, '<n>')
    .replace(/'[^']*'/g, "'<s>'")
    .slice(0, 200);
}

function openStream(file) {
  const raw = fs.createReadStream(file);
  return file.endsWith('.gz') ? raw.pipe(zlib.createGunzip()) : raw;
}

function digestFile(file, groups, stats) {
  return new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input: openStream(file), crlfDelay: Infinity });
    rl.on('line', (line) => {
      stats.lines++;
      let rec;
      try {
        rec = JSON.parse(line);
      } catch {
        stats.unparsable++;
        return;
      }
      if (rec.level !== 'error' && rec.level !== 'fatal') return;
      const key = fingerprint(String(rec.msg || rec.message || ''));
      const g = groups.get(key) || { key, count: 0, first: rec.time, last: rec.time, sample: rec };
      g.count++;
      if (rec.time < g.first) g.first = rec.time;
      if (rec.time > g.last) g.last = rec.time;
      groups.set(key, g);
    });
    rl.on('close', resolve);
    rl.on('error', reject);
  });
}

async function main() {
  const groups = new Map();
  const stats = { lines: 0, unparsable: 0 };
  for (const file of files) {
    await digestFile(file, groups, stats);
  }
  const sorted = [...groups.values()].sort((a, b) => b.count - a.count).slice(0, top);
  if (asJson) {
    process.stdout.write(JSON.stringify({ stats, groups: sorted }, null, 2) + '\n');
    return;
  }
  console.log(`${stats.lines} lines from ${files.map((f) => path.basename(f)).join(', ')}`);
  if (stats.unparsable) console.log(`${stats.unparsable} unparsable lines skipped`);
  for (const g of sorted) {
    console.log(`\n${String(g.count).padStart(6)}  ${g.key}`);
    console.log(`        first ${g.first}  last ${g.last}`);
    if (g.sample.stack) console.log('        ' + String(g.sample.stack).split('\n')[1]?.trim());
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
