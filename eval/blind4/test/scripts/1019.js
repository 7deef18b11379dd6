#!/usr/bin/env node
// bench/json-parsers.js - compare JSON.parse against the project's streaming
// parser on the fixtures in bench/data. Prints ops/sec and writes a CSV.
'use strict';

const fs = require('fs');
const path = require('path');
const { performance } = require('perf_hooks');

const root = path.resolve(__dirname, '..');
const { parseStream } = require(path.join(root, 'dist', 'stream-parser.js'));

const DATA_DIR = path.join(root, 'bench', 'data');
const OUT = path.join(root, 'bench', 'results', 'json-parsers.csv');
const MIN_MS = Number(process.env.BENCH_MIN_MS || 1000);

function measure(fn) {
  // warm up
  for (let i = 0; i < 5; i++) fn();
  let iterations = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < MIN_MS) {
    fn();
    iterations++;
    elapsed = performance.now() - start;
  }
  return (iterations / elapsed) * 1000;
}

function main() {
  const files = fs.readdirSync(DATA_DIR).filter((f) => f.endsWith('.json'));
  if (!files.length) {
    console.error('no fixtures in bench/data');
    process.exit(1);
  }
  const rows = [['file', 'bytes', 'json_parse_ops', 'stream_ops', 'ratio']];
  for (const f of files) {
    const text = fs.readFileSync(path.join(DATA_DIR, f), 'utf8');
    const a = measure(() => JSON.parse(text));
    const b = measure(() => parseStream(text));
    const ratio = b / a;
    rows.push([f, Buffer.byteLength(text), a.toFixed(1), b.toFixed(1), ratio.toFixed(2)]);
    console.log(`${f.padEnd(28)} JSON.parse ${a.toFixed(0).padStart(8)} ops/s   stream ${b.toFixed(0).padStart(8)} ops/s   x${ratio.toFixed(2)}`);
  }
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, rows.map((r) => r.join(',')).join('\n') + '\n');
  console.log(`results written to ${path.relative(root, OUT)}`);
  if (global.gc) global.gc();
  const mem = process.memoryUsage();
  console.log(`rss ${(mem.rss / 1048576).toFixed(1)} MiB, heap ${(mem.heapUsed / 1048576).toFixed(1)} MiB`);
}

main();
