#!/usr/bin/env -S npx tsx
// Share the generated dev certificate with the sibling checkouts that need it
// (web-client and mobile-bff) and keep a copy in the user's data directory.
import { copyFileSync, mkdirSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = process.cwd();
const SOURCE = path.join(ROOT, 'certs');
const FILES = ['dev.crt', 'dev.key'];

const DESTINATIONS = [
  path.resolve(ROOT, '..', 'web-client', 'certs'),
  path.resolve(ROOT, '..', 'mobile-bff', 'certs'),
  path.join(os.homedir(), '.local', 'share', 'proj-certs'),
];

for (const dest of DESTINATIONS) {
  mkdirSync(dest, { recursive: true });
  for (const f of FILES) {
    const from = path.join(SOURCE, f);
    if (!existsSync(from)) throw new Error(`missing ${from}; run scripts/dev-domains.ts first`);
    copyFileSync(from, path.join(dest, f));
  }
  console.log(`copied certificate to ${dest}`);
}
