#!/usr/bin/env node
// Integration test for the config loader: builds throwaway project trees in a
// temp dir, runs the loader against each, and checks the merged result.
'use strict';

const assert = require('assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const LOADER = path.resolve(__dirname, '..', 'bin', 'load-config.js');

const CASES = [
  {
    name: 'defaults only',
    files: { 'acme.json': { port: 8080 } },
    expect: { port: 8080, logLevel: 'info' },
  },
  {
    name: 'local overrides',
    files: { 'acme.json': { port: 8080 }, 'acme.local.json': { port: 9090, logLevel: 'debug' } },
    expect: { port: 9090, logLevel: 'debug' },
  },
  {
    name: 'env wins',
    files: { 'acme.json': { port: 8080 } },
    env: { ACME_PORT: '7000' },
    expect: { port: 7000, logLevel: 'info' },
  },
];

function writeTree(dir, files) {
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(dir, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, JSON.stringify(content, null, 2));
  }
}

function runCase(tc) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acme-config-'));
  try {
    writeTree(dir, tc.files);
    const out = execFileSync(process.execPath, [LOADER, '--json'], {
      cwd: dir,
      env: { PATH: process.env.PATH, ...(tc.env || {}) },
      encoding: 'utf8',
    });
    assert.deepEqual(JSON.parse(out), tc.expect);
    return true;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let failed = 0;
for (const tc of CASES) {
  try {
    runCase(tc);
    console.log(`ok   - ${tc.name}`);
  } catch (err) {
    failed += 1;
    console.log(`FAIL - ${tc.name}\n  ${err.message.split('\n').join('\n  ')}`);
  }
}
console.log(`${CASES.length - failed}/${CASES.length} passed`);
process.exit(failed ? 1 : 0);
