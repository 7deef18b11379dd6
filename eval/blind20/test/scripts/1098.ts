#!/usr/bin/env -S npx tsx
// scripts/env-report.ts - dump the process environment to build/env.json so
// the "works locally, fails in the devcontainer" diff can be compared.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'build', 'env.json');

const report = {
  host: os.hostname(),
  user: os.userInfo().username,
  node: process.version,
  env: Object.fromEntries(Object.entries(process.env).sort(([a], [b]) => a.localeCompare(b))),
};

mkdirSync(path.dirname(OUT), { recursive: true });
writeFileSync(OUT, JSON.stringify(report, null, 2));
console.log(JSON.stringify(report.env, null, 2));
console.log(`written to ${path.relative(ROOT, OUT)}`);
