#!/usr/bin/env node
/*
 * nmea-logger.js - log raw NMEA from the local gpsd for the driving tests.
 *
 * Connects to gpsd (GPSD_HOST/GPSD_PORT, default 127.0.0.1:2947), enables raw
 * NMEA output with ?WATCH={"nmea":true}, validates every sentence's checksum
 * and writes the good ones to logs/nmea/<session>.nmea. Statistics (sentence
 * types, fix quality from GGA, HDOP, satellites) are printed every 10 seconds
 * and stored in logs/nmea/<session>.json at the end.
 *
 * Files are rotated at --max-mb (default 50). Stops after --minutes or on
 * Ctrl-C; on SIGINT the current file is flushed and closed properly.
 *
 *   node tools/nmea-logger.js --minutes 30 --session ring-road
 */
'use strict';

const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const LOG_DIR = path.join(ROOT, 'logs', 'nmea'); // git-ignored
const HOST = process.env.GPSD_HOST || '127.0.0.1';
const PORT = Number(process.env.GPSD_PORT || 2947);
// GGA field 6 values, index = quality indicator
const FIX_QUALITY = ['invalid', 'gps', 'dgps', 'pps', 'rtk-fixed', 'rtk-float', 'estimated', 'manual', 'simulation'];

function parseOptions(argv) {
  const o = { minutes: 10, session: new Date().toISOString().replace(/[:.]/g, '-'), maxMb: 50 };
  for (let i = 0; i < argv.length; i += 1) {
    const next = argv[i + 1];
    if (argv[i] === '--minutes') { o.minutes = Number(next); i += 1; }
    else if (argv[i] === '--session') { o.session = next; i += 1; }
    else if (argv[i] === '--max-mb') { o.maxMb = Number(next); i += 1; }
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!/^[A-Za-z0-9._-]+$/.test(o.session)) throw new Error('--session may only contain letters, digits, . _ -');
  return o;
}

// NMEA 0183: "$" + talker/type + fields + "*" + two hex digits of the XOR of
// every character between "$" and "*"
function checksumOk(sentence) {
  const m = /^\$([^*]+)\*([0-9A-Fa-f]{2})$/.exec(sentence);
  if (!m) return false;
  let sum = 0;
  for (const ch of m[1]) sum ^= ch.charCodeAt(0);
  return sum === parseInt(m[2], 16);
}

// append-only writer that starts <base>.1.nmea, <base>.2.nmea ... at the size limit
class RotatingFile {
  constructor(base, maxBytes) {
    this.base = base;
    this.maxBytes = maxBytes;
    this.part = 0;
    this.bytes = 0;
    this.open();
  }

  open() {
    const suffix = this.part ? `.${this.part}` : '';
    this.file = `${this.base}${suffix}.nmea`;
    this.stream = fs.createWriteStream(this.file, { flags: 'a' });
    this.bytes = 0;
  }

  write(line) {
    if (this.bytes + line.length + 2 > this.maxBytes) {
      this.stream.end();
      this.part += 1;
      this.open();
    }
    this.stream.write(`${line}\r\n`);
    this.bytes += line.length + 2;
  }

  close() {
    return new Promise((resolve) => this.stream.end(resolve));
  }
}

class Stats {
  constructor() {
    this.types = {};
    this.bad = 0;
    this.fix = {};
    this.hdop = [];
    this.sats = [];
  }

  add(sentence) {
    const type = sentence.slice(3, 6);
    this.types[type] = (this.types[type] || 0) + 1;
    if (type === 'GGA') {
      const f = sentence.split(',');
      const q = FIX_QUALITY[Number(f[6])] || `q${f[6]}`;
      this.fix[q] = (this.fix[q] || 0) + 1;
      if (f[8]) this.hdop.push(Number(f[8]));
      if (f[7]) this.sats.push(Number(f[7]));
    }
  }

  summary() {
    const avg = (a) => (a.length ? a.reduce((s, v) => s + v, 0) / a.length : null);
    return {
      sentences: Object.values(this.types).reduce((s, v) => s + v, 0),
      badChecksums: this.bad,
      types: this.types,
      fixQuality: this.fix,
      meanHdop: avg(this.hdop),
      meanSatellites: avg(this.sats),
    };
  }
}

function printProgress(stats) {
  const s = stats.summary();
  const fix = Object.entries(s.fixQuality).map(([k, v]) => `${k}=${v}`).join(' ') || 'no GGA yet';
  console.log(
    `${new Date().toISOString().slice(11, 19)} ${s.sentences} sentences, ${s.badChecksums} bad, ${fix}, ` +
      `hdop ${s.meanHdop === null ? '-' : s.meanHdop.toFixed(2)}, sats ${s.meanSatellites === null ? '-' : s.meanSatellites.toFixed(1)}`,
  );
}

async function main() {
  const opts = parseOptions(process.argv.slice(2));
  if (!Number.isFinite(opts.minutes) || opts.minutes <= 0) throw new Error('--minutes must be > 0');
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const base = path.join(LOG_DIR, opts.session);
  const out = new RotatingFile(base, opts.maxMb * 1024 * 1024);
  const stats = new Stats();

  const sock = net.connect({ host: HOST, port: PORT });
  sock.setEncoding('ascii');
  let buffer = '';
  sock.on('connect', () => {
    console.log(`connected to gpsd ${HOST}:${PORT}; logging to ${path.relative(ROOT, out.file)}`);
    sock.write('?WATCH={"enable":true,"nmea":true};\n');
  });
  sock.on('data', (chunk) => {
    buffer += chunk;
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (!line.startsWith('$')) continue; // gpsd JSON status lines
      if (!checksumOk(line)) {
        stats.bad += 1;
        continue;
      }
      out.write(line);
      stats.add(line);
    }
  });

  const ticker = setInterval(() => printProgress(stats), 10_000);
  const finish = async (reason) => {
    clearInterval(ticker);
    sock.destroy();
    await out.close();
    const summary = { reason, ...stats.summary(), files: out.part + 1 };
    fs.writeFileSync(`${base}.json`, JSON.stringify(summary, null, 2));
    console.log(`stopped (${reason}); ${summary.sentences} sentences in ${summary.files} file(s)`);
    process.exit(0);
  };
  sock.on('error', (err) => {
    console.error(`gpsd: ${err.message}`);
    finish('gpsd error');
  });
  sock.on('end', () => finish('gpsd closed the connection'));
  process.once('SIGINT', () => finish('interrupted'));
  setTimeout(() => finish('time limit'), opts.minutes * 60_000);
}

main().catch((err) => {
  console.error(`nmea-logger: ${err.message}`);
  process.exitCode = 1;
});
