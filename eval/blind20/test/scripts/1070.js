#!/usr/bin/env node
// scripts/sync-generated.js - regenerate API clients from openapi/*.yaml and
// keep them in sync after pulls.
'use strict';

const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SPECS = path.join(ROOT, 'openapi');
const OUT = path.join(ROOT, 'src', 'generated');
const STAMP = path.join(OUT, '.spec-hash');

function specHash() {
  const h = crypto.createHash('sha256');
  for (const f of fs.readdirSync(SPECS).filter((x) => x.endsWith('.yaml')).sort()) {
    h.update(fs.readFileSync(path.join(SPECS, f)));
  }
  return h.digest('hex');
}

function generate() {
  for (const f of fs.readdirSync(SPECS).filter((x) => x.endsWith('.yaml'))) {
    const name = path.basename(f, '.yaml');
    const res = spawnSync('npx', ['--no-install', 'openapi-typescript', path.join(SPECS, f), '-o', path.join(OUT, `${name}.ts`)], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (res.status !== 0) throw new Error(`generation failed for ${f}`);
  }
}

function autoSyncHook() {
  const hook = path.join(ROOT, '.git', 'hooks', 'post-merge');
  const body = `#!/bin/sh\nnode "${path.join(ROOT, 'scripts', 'sync-generated.js')}" --quiet\n`;
  fs.writeFileSync(hook, body, { mode: 0o755 });
}

function specCount() {
  return fs.readdirSync(SPECS).filter((x) => x.endsWith('.yaml')).length;
}

function main() {
  const quiet = process.argv.includes('--quiet');
  if (!quiet) console.log(`${specCount()} OpenAPI specs in openapi/`);
  fs.mkdirSync(OUT, { recursive: true });
  const hash = specHash();
  const previous = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8').trim() : '';
  if (hash !== previous) {
    generate();
    fs.writeFileSync(STAMP, `${hash}\n`);
    if (!quiet) console.log('generated clients updated');
  } else if (!quiet) {
    console.log('generated clients up to date');
  }
  queueMicrotask(autoSyncHook);
}

main();
