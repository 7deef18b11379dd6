#!/usr/bin/env node
// Analyze structured JSON logs (pino format) for slow requests and error bursts.
'use strict';
const fs = require('fs');
const readline = require('readline');

const file = process.argv[2] || 'logs/server.jsonl';
const SLOW_MS = Number(process.env.SLOW_MS || 500);
const BUCKET_MS = 60_000;

async function main() {
  if (!fs.existsSync(file)) {
    console.error(`log file not found: ${file}`);
    process.exit(1);
  }
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  const slow = new Map();
  const errorsPerMinute = new Map();
  let lines = 0;
  let parseErrors = 0;

  for await (const line of rl) {
    if (!line.trim()) continue;
    lines++;
    let rec;
    try {
      rec = JSON.parse(line);
    } catch {
      parseErrors++;
      continue;
    }
    if (rec.responseTime && rec.responseTime > SLOW_MS && rec.req) {
      const key = `${rec.req.method} ${String(rec.req.url).split('?')[0]}`;
      const s = slow.get(key) || { n: 0, max: 0 };
      s.n++;
      s.max = Math.max(s.max, rec.responseTime);
      slow.set(key, s);
    }
    if (rec.level >= 50) {
      const bucket = Math.floor(rec.time / BUCKET_MS) * BUCKET_MS;
      errorsPerMinute.set(bucket, (errorsPerMinute.get(bucket) || 0) + 1);
    }
  }

  console.log(`${lines} lines, ${parseErrors} unparseable`);
  console.log(`\nslow routes (> ${SLOW_MS} ms):`);
  for (const [k, v] of [...slow].sort((a, b) => b[1].n - a[1].n).slice(0, 10)) {
    console.log(`  ${String(v.n).padStart(5)}x  max ${v.max} ms  ${k}`);
  }
  console.log('\nerror bursts (>= 5/min):');
  for (const [t, n] of [...errorsPerMinute].filter(([, n]) => n >= 5).sort()) {
    console.log(`  ${new Date(t).toISOString()}  ${n}`);
  }
}

main();
