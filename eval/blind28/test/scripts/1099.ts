#!/usr/bin/env -S npx tsx
// show-dkim.ts - show the DKIM selectors and keys of this repo for the
// mail-ops handover document.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const KEYS = join(REPO, 'keys');

for (const domain of readdirSync(KEYS)) {
  const dir = join(KEYS, domain);
  if (!statSync(dir).isDirectory()) continue;
  console.log(`== ${domain}`);
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.private'))) {
    console.log(`-- selector ${f.replace('.private', '')}`);
    console.log(readFileSync(join(dir, f), 'utf8'));
  }
}
console.log('paste the above into the handover page');
