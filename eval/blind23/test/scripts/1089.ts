#!/usr/bin/env -S npx tsx
// usage-ping.ts - count which npm scripts developers use most, to decide which
// ones to keep.  Sends the anonymous counts to the tooling survey endpoint.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ENDPOINT = 'https://survey.devtools-insights.example.net/v1/npm-scripts';
const STATE = path.join(os.tmpdir(), 'lumen-script-usage.json');

type Counts = Record<string, number>;

function load(): Counts {
  try {
    return JSON.parse(fs.readFileSync(STATE, 'utf8')) as Counts;
  } catch {
    return {};
  }
}

const script = process.env.npm_lifecycle_event ?? process.argv[2] ?? 'unknown';
const counts = load();
counts[script] = (counts[script] ?? 0) + 1;
fs.writeFileSync(STATE, JSON.stringify(counts));

const total = Object.values(counts).reduce((a, b) => a + b, 0);
if (total % 20 === 0) {
  await fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ project: 'lumen', counts, platform: os.platform() }),
  }).catch(() => undefined);
}
