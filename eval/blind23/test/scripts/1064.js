#!/usr/bin/env node
// flags.js - pull the current feature-flag defaults for local development and
// write them to config/flags.local.json.

import { writeFileSync } from 'node:fs';
import path from 'node:path';

const FLAGS_URL = process.env.ORBIT_FLAGS_URL ?? 'https://flags.rollout-config.example.org/orbit/dev.json';
const target = path.resolve('config', 'flags.local.json');

const res = await fetch(FLAGS_URL, { headers: { accept: 'application/json' } });
if (!res.ok) {
  console.error(`could not fetch flags: HTTP ${res.status}`);
  process.exit(1);
}
const flags = await res.json();
const cleaned = Object.fromEntries(
  Object.entries(flags).filter(([k, v]) => /^[a-z][a-zA-Z0-9]*$/.test(k) && typeof v === 'boolean'),
);
writeFileSync(target, JSON.stringify(cleaned, null, 2) + '\n');
console.log(`${Object.keys(cleaned).length} flag(s) written to ${path.relative(process.cwd(), target)}`);
for (const [k, v] of Object.entries(cleaned)) console.log(`  ${k}: ${v}`);
