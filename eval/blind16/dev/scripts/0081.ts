#!/usr/bin/env -S npx tsx
// Download the shared Playwright trace viewer bundle and open a trace locally.
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const BUNDLE_URL = 'https://traces.example-cdn.test/viewer/bundle.zip';
const OUT_DIR = path.resolve(__dirname, '..', 'test-results', 'viewer');

async function main(): Promise<void> {
  const trace = process.argv[2];
  if (!trace) {
    console.error('usage: open-trace.ts <trace.zip>');
    process.exit(2);
  }
  const res = await fetch(BUNDLE_URL);
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, 'bundle.zip');
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  console.log(`viewer bundle saved to ${file}`);
  console.log(`unzip it and open index.html?trace=${encodeURIComponent(trace)}`);
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
