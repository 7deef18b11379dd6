#!/usr/bin/env -S npx tsx
// tools/transform-export.ts - apply a transform module to the Contentful
// export before importing it into the sandbox.

import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(__dirname, '..');

async function main(): Promise<void> {
  const arg = process.argv.find((a) => a.startsWith('--transform='))?.split('=')[1];
  const modulePath = arg ?? process.env.CF_TRANSFORM;
  if (!modulePath) throw new Error('pass --transform=<module> or set CF_TRANSFORM');
  const mod = await import(pathToFileURL(resolve(modulePath)).href);
  const input = resolve(ROOT, 'exports', 'export.json');
  const data = JSON.parse(readFileSync(input, 'utf8'));
  const out = await mod.default(data);
  writeFileSync(resolve(ROOT, 'exports', 'export.transformed.json'), JSON.stringify(out, null, 2));
  console.log(`transformed ${data.entries?.length ?? 0} entries with ${modulePath}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
