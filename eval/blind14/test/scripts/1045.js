#!/usr/bin/env node
// Clean the raw order export: data/raw/orders.csv -> data/clean/orders.csv.
// A Readable -> Transform -> Writable pipeline keeps memory flat for big
// exports. Reads and writes only under ./data.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { Transform, Readable } = require('node:stream');
const { pipeline } = require('node:stream/promises');

const SRC = path.join('data', 'raw', 'orders.csv');
const DEST = path.join('data', 'clean', 'orders.csv');
const COLUMNS = ['order_id', 'customer_email', 'amount_cents', 'currency', 'created_at'];

function parseCsvLine(line) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

function toCsv(values) {
  return values.map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',') + '\n';
}

const stats = { read: 0, written: 0, dropped: 0 };

function cleaner(header) {
  const index = Object.fromEntries(header.map((h, i) => [h.trim().toLowerCase(), i]));
  return new Transform({
    objectMode: true,
    transform(line, _enc, cb) {
      stats.read += 1;
      const cells = parseCsvLine(line);
      const row = COLUMNS.map((c) => (cells[index[c]] ?? '').trim());
      const [id, email, amount, currency, created] = row;
      if (!id || !/^\d+$/.test(amount) || !email.includes('@')) {
        stats.dropped += 1;
        return cb();
      }
      const iso = new Date(created);
      if (Number.isNaN(iso.getTime())) {
        stats.dropped += 1;
        return cb();
      }
      stats.written += 1;
      cb(null, toCsv([id, email.toLowerCase(), amount, currency.toUpperCase() || 'EUR', iso.toISOString()]));
    },
  });
}

async function main() {
  if (!fs.existsSync(SRC)) {
    console.error(`${SRC} not found`);
    process.exit(1);
  }
  fs.mkdirSync(path.dirname(DEST), { recursive: true });
  const rl = readline.createInterface({ input: fs.createReadStream(SRC), crlfDelay: Infinity });
  const lines = rl[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.done) {
    console.error('empty export');
    process.exit(1);
  }
  const header = parseCsvLine(first.value);
  const out = fs.createWriteStream(DEST);
  out.write(toCsv(COLUMNS));
  await pipeline(Readable.from(lines), cleaner(header), out);
  console.log(`read ${stats.read}, wrote ${stats.written}, dropped ${stats.dropped} -> ${DEST}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
