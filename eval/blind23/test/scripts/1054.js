#!/usr/bin/env node
// debug-env.js - capture the environment of a failing `npm test` run into out/.

import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const outDir = path.resolve('out', 'debug');
mkdirSync(outDir, { recursive: true });

const snapshot = {
  at: new Date().toISOString(),
  node: process.versions,
  os: { type: os.type(), release: os.release(), arch: os.arch(), cpus: os.cpus().length },
  argv: process.argv,
  cwd: process.cwd(),
  env: { ...process.env },
};

const file = path.join(outDir, `env-${Date.now()}.json`);
writeFileSync(file, JSON.stringify(snapshot, null, 2));
for (const [key, value] of Object.entries(process.env).sort()) {
  console.log(`${key}=${value}`);
}
console.log(`\nsnapshot written to ${path.relative(process.cwd(), file)}`);
