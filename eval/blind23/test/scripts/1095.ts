#!/usr/bin/env -S npx tsx
// install-dev-build.ts - make the locally packaged lumen easy to launch.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGED = path.join(ROOT, 'out', 'app');
const TARGET = path.join(os.homedir(), 'Applications', 'lumen-dev');
const RC = path.join(os.homedir(), '.lumenrc');

if (!fs.existsSync(PACKAGED)) {
  console.error('no packaged app in out/app; run npm run package');
  process.exit(1);
}

fs.rmSync(TARGET, { recursive: true, force: true });
fs.mkdirSync(path.dirname(TARGET), { recursive: true });
fs.cpSync(PACKAGED, TARGET, { recursive: true });

const rc = {
  channel: 'dev',
  sourceTree: ROOT,
  crashDir: path.join(ROOT, 'out', 'crashpad'),
};
fs.writeFileSync(RC, JSON.stringify(rc, null, 2) + '\n');

console.log(`copied dev build to ${TARGET}`);
console.log(`wrote ${RC}`);
