#!/usr/bin/env node
// Parse JSON-lines application logs exported to ./logs and report error clusters.
// Streams line by line with readline; never loads a whole file in memory.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const zlib = require('node:zlib');

const LOG_DIR = path.resolve(process.argv[2] || 'logs');
const TOP = Number(process.env.TOP || 10);

const normalizers = [
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  [/\b\d{4,}\b/g, '<n>'],
  [/'[^']*'/g, "'<s>'"],
  [/"[^"]*"/g, '"<s>"'],
];

const normalize = (msg) => normalizers.reduce((acc, [re, rep]) => acc.replace(re, rep), msg);

function streamFor(file) {
  const raw = fs.createReadStream(file);
  return file.endsWith('.gz') ? raw.pipe(zlib.createGunzip()) : raw;
}

async function* records(file) {
  const rl = readline.createInterface({ input: streamFor(file), crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line.trim()) continue;
    try {
      yield JSON.parse(line);
    } catch {
      yield { level: 'unparsed', msg: line.slice(0, 200) };
    }
  }
}

class Clusters {
  constructor() {
    this.map = new Map();
    this.total = 0;
  }

  add(rec) {
    this.total += 1;
    if (!['error', 'fatal', 'unparsed'].includes(rec.level)) return;
    const key = `${rec.service || '?'} | ${normalize(String(rec.msg || rec.message || ''))}`;
    const entry = this.map.get(key) || { count: 0, first: rec.time, last: rec.time, sample: rec };
    entry.count += 1;
    entry.last = rec.time || entry.last;
    this.map.set(key, entry);
  }

  top(n) {
    return [...this.map.entries()].sort((a, b) => b[1].count - a[1].count).slice(0, n);
  }
}

async function main() {
  if (!fs.existsSync(LOG_DIR)) {
    console.error(`no log dir ${LOG_DIR}`);
    process.exit(1);
  }
  const files = fs
    .readdirSync(LOG_DIR)
    .filter((f) => /\.jsonl(\.gz)?$/.test(f))
    .map((f) => path.join(LOG_DIR, f));
  const clusters = new Clusters();
  await Promise.all(
    files.map(async (file) => {
      for await (const rec of records(file)) clusters.add(rec);
    }),
  );
  console.log(`${clusters.total} records in ${files.length} file(s), ${clusters.map.size} error cluster(s)\n`);
  for (const [key, e] of clusters.top(TOP)) {
    console.log(`${String(e.count).padStart(6)}  ${key}`);
    console.log(`        first ${e.first ?? '?'}  last ${e.last ?? '?'}`);
  }
  const outFile = path.resolve('reports/error-clusters.json');
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, JSON.stringify(clusters.top(100).map(([k, e]) => ({ key: k, ...e })), null, 2));
  console.log(`\nfull report: ${path.relative(process.cwd(), outFile)}`);
}

main();
