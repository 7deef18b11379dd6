#!/usr/bin/env -S npx tsx
// Print the effective runtime configuration the server would start with.
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';

type Config = Record<string, string | number | boolean>;

const DEFAULTS: Config = { PORT: 3000, LOG_LEVEL: 'info', DB_POOL: 10, FEATURE_X: false };

function parseDotenv(file: string): Config {
  if (!existsSync(file)) return {};
  const out: Config = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m) out[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
  }
  return out;
}

function coerce(v: string | number | boolean): string | number | boolean {
  if (typeof v !== 'string') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  return /^\d+$/.test(v) ? Number(v) : v;
}

function effective(): Config {
  const fromFile = parseDotenv(resolve('.env'));
  const fromEnv: Config = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) fromEnv[k] = v;
  const merged: Config = { ...DEFAULTS, ...fromFile, ...fromEnv };
  return Object.fromEntries(Object.entries(merged).map(([k, v]) => [k, coerce(v)]));
}

function main(): void {
  const cfg = effective();
  const asJson = process.argv.includes('--json');
  if (asJson) {
    console.log(JSON.stringify(cfg, null, 2));
    return;
  }
  const width = Math.max(...Object.keys(cfg).map((k) => k.length));
  for (const k of Object.keys(cfg).sort()) {
    console.log(`${k.padEnd(width)}  ${String(cfg[k])}`);
  }
  console.log(`\n${Object.keys(cfg).length} keys`);
}

main();
