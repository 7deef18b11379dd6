#!/usr/bin/env node
// Stream JSON-lines application logs and summarise them: error rate per
// route, p95 latency, top error messages. Accepts files or stdin.
'use strict';

const fs = require('node:fs');
const readline = require('node:readline');
const zlib = require('node:zlib');

function openStream(file) {
  if (!file || file === '-') return process.stdin;
  const raw = fs.createReadStream(file);
  return file.endsWith('.gz') ? raw.pipe(zlib.createGunzip()) : raw;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const idx = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, idx)];
}

class Stats {
  constructor() {
    this.routes = new Map();
    this.errors = new Map();
    this.lines = 0;
    this.bad = 0;
  }

  route(name) {
    if (!this.routes.has(name)) this.routes.set(name, { count: 0, errors: 0, durations: [] });
    return this.routes.get(name);
  }

  add(rec) {
    this.lines += 1;
    const key = `${rec.method || '?'} ${rec.route || rec.path || '?'}`;
    const r = this.route(key);
    r.count += 1;
    if (typeof rec.duration_ms === 'number') r.durations.push(rec.duration_ms);
    if ((rec.status || 0) >= 500 || rec.level === 'error') {
      r.errors += 1;
      const msg = String(rec.msg || rec.error || 'unknown').replace(/\d+/g, 'N').slice(0, 120);
      this.errors.set(msg, (this.errors.get(msg) || 0) + 1);
    }
  }

  report(top) {
    const rows = [...this.routes.entries()].map(([route, r]) => {
      const sorted = r.durations.sort((a, b) => a - b);
      return {
        route,
        count: r.count,
        errorRate: `${((r.errors / r.count) * 100).toFixed(2)}%`,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
      };
    });
    rows.sort((a, b) => b.count - a.count);
    console.log(`lines: ${this.lines}, unparseable: ${this.bad}`);
    console.table(rows.slice(0, top));
    const errs = [...this.errors.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
    console.log('top errors:');
    errs.forEach(([msg, n]) => console.log(`  ${String(n).padStart(6)}  ${msg}`));
  }
}

async function consume(file, stats) {
  const rl = readline.createInterface({ input: openStream(file), crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line.trim()) continue;
    try {
      stats.add(JSON.parse(line));
    } catch {
      stats.bad += 1;
    }
  }
}

async function main() {
  const args = process.argv.slice(2);
  const topIdx = args.indexOf('--top');
  const top = topIdx >= 0 ? Number(args.splice(topIdx, 2)[1]) : 15;
  const files = args.length ? args : ['-'];
  const stats = new Stats();
  for (const file of files) {
    await consume(file, stats);
  }
  stats.report(top);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
