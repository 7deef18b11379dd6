#!/usr/bin/env -S npx tsx
// scripts/fetch-flags.ts - download the feature-flag defaults used by the
// local dev server. The URL was shared in a chat thread about staging flags.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const SOURCE = 'https://flags.example.org/public/defaults.json';
const TARGET = path.join(ROOT, 'config', 'flags.defaults.json');

async function main(): Promise<void> {
  const res = await fetch(SOURCE, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`flag download failed: ${res.status}`);
  const flags = (await res.json()) as Record<string, boolean | string | number>;
  mkdirSync(path.dirname(TARGET), { recursive: true });
  writeFileSync(TARGET, `${JSON.stringify(flags, null, 2)}\n`);
  console.log(`${Object.keys(flags).length} flags written to config/flags.defaults.json`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
