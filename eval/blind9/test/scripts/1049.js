#!/usr/bin/env node
// Apache/nginx combined-log analyser: bots vs humans, top referrers, 5xx bursts.
//
//   node tools/logstats.js var/log/access.log [more logs...]
'use strict';

const fs = require('node:fs');
const readline = require('node:readline');
const zlib = require('node:zlib');

const COMBINED = /^(\S+) \S+ \S+ \[([^\]]+)\] "(\S+) (\S+) [^"]*" (\d{3}) (\d+|-) "([^"]*)" "([^"]*)"/;
const BOT = /bot|crawler|spider|slurp|curl|wget|python-requests|headless/i;
const MONTHS = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 };

function parseTime(s) {
  const m = s.match(/^(\d{2})\/(\w{3})\/(\d{4}):(\d{2}):(\d{2}):(\d{2})/);
  return m ? Date.UTC(+m[3], MONTHS[m[2]], +m[1], +m[4], +m[5], +m[6]) : NaN;
}

function lines(file) {
  let stream = fs.createReadStream(file);
  if (file.endsWith('.gz')) stream = stream.pipe(zlib.createGunzip());
  return readline.createInterface({ input: stream, crlfDelay: Infinity });
}

class Stats {
  constructor() {
    this.total = 0;
    this.bots = 0;
    this.bytes = 0;
    this.referrers = new Map();
    this.errorsPerMinute = new Map();
    this.statuses = new Map();
  }

  bump(map, key, by = 1) {
    map.set(key, (map.get(key) || 0) + by);
  }

  add(m) {
    const [, , time, , , status, bytes, referrer, agent] = m;
    this.total += 1;
    if (BOT.test(agent)) this.bots += 1;
    if (bytes !== '-') this.bytes += Number(bytes);
    this.bump(this.statuses, status);
    if (referrer && referrer !== '-') {
      try {
        this.bump(this.referrers, new URL(referrer).hostname);
      } catch {
        /* malformed referrer */
      }
    }
    if (status.startsWith('5')) {
      const minute = Math.floor(parseTime(time) / 60000) * 60000;
      this.bump(this.errorsPerMinute, minute);
    }
  }

  top(map, n) {
    return [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  }
}

async function main(files) {
  const stats = new Stats();
  let skipped = 0;
  for (const f of files) {
    for await (const line of lines(f)) {
      const m = COMBINED.exec(line);
      if (m) stats.add(m);
      else skipped += 1;
    }
  }
  const pct = (n) => `${((n / Math.max(stats.total, 1)) * 100).toFixed(1)}%`;
  console.log(`requests ${stats.total} (unparsed ${skipped}), bots ${stats.bots} (${pct(stats.bots)}), ${(stats.bytes / 1e9).toFixed(2)} GB`);
  console.log('status:', Object.fromEntries([...stats.statuses].sort()));
  console.log('\ntop referrers:');
  for (const [host, n] of stats.top(stats.referrers, 10)) console.log(`  ${String(n).padStart(7)}  ${host}`);
  const bursts = stats.top(stats.errorsPerMinute, 5).filter(([, n]) => n >= 10);
  console.log('\n5xx bursts (>=10/min):');
  if (!bursts.length) console.log('  none');
  for (const [minute, n] of bursts) console.log(`  ${new Date(minute).toISOString()}  ${n} errors`);
}

const files = process.argv.slice(2);
if (!files.length) {
  console.error('usage: logstats.js <access.log[.gz]>...');
  process.exit(2);
}
main(files).catch((e) => {
  console.error(e.stack || e);
  process.exit(1);
});
