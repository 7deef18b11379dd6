#!/usr/bin/env node
// Summarize nginx access logs: status codes, slowest endpoints, top client IPs.
'use strict';
const fs = require('fs');
const readline = require('readline');

const file = process.argv[2] || 'logs/access.log';
const LINE = /^(\S+) \S+ \S+ \[([^\]]+)\] "(\S+) (\S+) [^"]*" (\d{3}) (\d+) "[^"]*" "[^"]*" ([\d.]+)/;

async function main() {
  if (!fs.existsSync(file)) {
    console.error(`no such file: ${file}`);
    process.exit(1);
  }
  const statuses = new Map();
  const ips = new Map();
  const slow = [];
  let total = 0;
  let bad = 0;

  const rl = readline.createInterface({ input: fs.createReadStream(file) });
  for await (const line of rl) {
    const m = LINE.exec(line);
    if (!m) {
      bad++;
      continue;
    }
    total++;
    const [, ip, , method, reqPath, status, , rt] = m;
    statuses.set(status, (statuses.get(status) || 0) + 1);
    ips.set(ip, (ips.get(ip) || 0) + 1);
    slow.push({ t: Number(rt), route: `${method} ${reqPath.split('?')[0]}` });
  }

  console.log(`${total} requests (${bad} unparsed lines)`);
  console.log('\nstatus codes:');
  for (const [s, n] of [...statuses].sort()) console.log(`  ${s}  ${n}`);
  console.log('\nslowest requests:');
  slow.sort((a, b) => b.t - a.t);
  for (const r of slow.slice(0, 10)) console.log(`  ${r.t.toFixed(3)}s  ${r.route}`);
  console.log('\ntop clients:');
  for (const [ip, n] of [...ips].sort((a, b) => b[1] - a[1]).slice(0, 5)) {
    console.log(`  ${ip.padEnd(16)} ${n}`);
  }
}

main();
