#!/usr/bin/env node
// Owner: events team (#stream-ops).
// Requires srt-live-transmit >= 1.5 on PATH.
//
//
// CSV columns: ts, mbps, rtt_ms, bandwidth_mbps, packets, lost, loss_pct,
// retrans, dropped.  The notebook in notebooks/srt-quality.ipynb reads them.
//
// Thresholds: --alert-loss (percent, default 1.0) and --alert-rtt (ms,
// default 250).  Alerts only print; nothing is changed in the relay.
//
// Exit status: follows srt-live-transmit (0 on normal end, 1 on errors),
// 2 on bad arguments.
//
// srt-watch.js - run srt-live-transmit as the local ingest relay and watch its statistics.
//
//   node tools/srt-watch.js                          listen on 127.0.0.1:9100, forward to udp 127.0.0.1:5100
//   node tools/srt-watch.js --csv out/srt/stats.csv  also write every stats sample to CSV
//   node tools/srt-watch.js --alert-loss 0.5         warn when packet loss exceeds 0.5 %
//
// srt-live-transmit is started by this script with `-s 1000 -pf json`, i.e. it
// prints a JSON statistics object every 1000 packets on stderr.  We parse those,
// print a compact status line and keep rolling aggregates.  The child process
// is ours: it is stopped on SIGINT/SIGTERM and when this script exits.
// Only loopback addresses are used; the encoder runs on the same machine.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { spawn } = require('node:child_process');

const repoRoot = path.join(__dirname, '..');
const DEFAULTS = {
  listen: 'srt://127.0.0.1:9100?mode=listener&latency=200',
  forward: 'udp://127.0.0.1:5100',
  alertLoss: 1.0,
  alertRtt: 250,
  csv: null,
};

function parseArgs(argv) {
  const opts = { ...DEFAULTS };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--csv': opts.csv = argv[++i]; break;
      case '--alert-loss': opts.alertLoss = Number(argv[++i]); break;
      case '--alert-rtt': opts.alertRtt = Number(argv[++i]); break;
      case '--forward': opts.forward = argv[++i]; break;
      default: throw new Error(`unknown option: ${argv[i]}`);
    }
  }
  for (const url of [opts.listen, opts.forward]) {
    const host = new URL(url.replace(/^srt:/, 'http:').replace(/^udp:/, 'http:')).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`${url}: only loopback endpoints are allowed`);
  }
  return opts;
}

class Rolling {
  constructor(size) {
    this.size = size;
    this.values = [];
  }

  push(v) {
    this.values.push(v);
    if (this.values.length > this.size) this.values.shift();
  }

  mean() {
    return this.values.length ? this.values.reduce((a, b) => a + b, 0) / this.values.length : 0;
  }

  max() {
    return this.values.length ? Math.max(...this.values) : 0;
  }
}

function extract(stats) {
  const recv = stats.recv ?? {};
  const link = stats.link ?? {};
  const packets = recv.packets ?? 0;
  const lost = recv.packetsLost ?? 0;
  return {
    ts: new Date().toISOString(),
    mbps: recv.mbitRate ?? 0,
    rttMs: link.rtt ?? 0,
    bandwidthMbps: link.bandwidth ?? 0,
    packets,
    lost,
    lossPct: packets ? (100 * lost) / (packets + lost) : 0,
    retrans: recv.packetsRetransmitted ?? recv.packetsBelated ?? 0,
    dropped: recv.packetsDropped ?? 0,
  };
}

function openCsv(file) {
  if (!file) return null;
  const target = path.isAbsolute(file) ? file : path.join(repoRoot, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const stream = fs.createWriteStream(target, { flags: 'a' });
  if (fs.statSync(target).size === 0) stream.write('ts,mbps,rtt_ms,bandwidth_mbps,packets,lost,loss_pct,retrans,dropped\n');
  return stream;
}

function statusLine(s, rates, loss) {
  return `${s.ts.slice(11, 19)}  ${s.mbps.toFixed(2).padStart(6)} Mbit/s (avg ${rates.mean().toFixed(2)})  `
    + `rtt ${String(Math.round(s.rttMs)).padStart(4)} ms  loss ${s.lossPct.toFixed(2)} % (max ${loss.max().toFixed(2)})  `
    + `retrans ${s.retrans}  dropped ${s.dropped}`;
}

function main() {
  const opts = parseArgs(process.argv.slice(2)); // validated endpoints
  const csv = openCsv(opts.csv);
  const rates = new Rolling(30);
  const loss = new Rolling(30);
  let samples = 0;
  let alerts = 0;

  const child = spawn('srt-live-transmit', ['-s', '1000', '-pf', 'json', '-v', opts.listen, opts.forward], {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  console.log(`relay pid ${child.pid}: ${opts.listen} -> ${opts.forward}`);

  const rl = readline.createInterface({ input: child.stderr });
  let buffer = '';
  rl.on('line', (line) => {
    const trimmed = line.trim();
    if (!trimmed.startsWith('{') && !buffer) {
      if (trimmed) console.log(`  srt: ${trimmed}`);
      return;
    }
    buffer += trimmed;
    let stats;
    try {
      stats = JSON.parse(buffer);
    } catch {
      if (buffer.length > 65536) buffer = '';
      return;
    }
    buffer = '';
    const s = extract(stats);
    samples++;
    rates.push(s.mbps);
    loss.push(s.lossPct);
    console.log(statusLine(s, rates, loss));
    if (csv) csv.write([s.ts, s.mbps, s.rttMs, s.bandwidthMbps, s.packets, s.lost, s.lossPct.toFixed(3), s.retrans, s.dropped].join(',') + '\n');
    if (s.lossPct > opts.alertLoss || s.rttMs > opts.alertRtt) {
      alerts++;
      console.warn(`  ALERT: loss ${s.lossPct.toFixed(2)} % / rtt ${s.rttMs} ms above threshold`);
    }
  });

  const stop = (signal) => {
    if (child.exitCode === null && !child.killed) child.kill('SIGTERM');
    console.log(`\n${signal}: ${samples} sample(s), ${alerts} alert(s), mean ${rates.mean().toFixed(2)} Mbit/s`);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('exit', () => {
    if (child.exitCode === null && !child.killed) child.kill('SIGTERM');
    csv?.end();
  });

  child.on('exit', (code, signal) => {
    console.log(`srt-live-transmit exited (${signal ?? code})`);
    process.exitCode = code && code !== 0 ? 1 : 0;
  });
  child.on('error', (err) => {
    console.error(`cannot start srt-live-transmit: ${err.message}`);
    process.exitCode = 1;
  });
}

try {
  main();
} catch (err) {
  console.error(`srt-watch: ${err.message}`);
  process.exit(2);
}
