#!/usr/bin/env node
// Load the X12 schema pack used by the EDI tests, installing it on first use.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const projectRequire = createRequire(path.join(ROOT, 'package.json'));

const PACKS = {
  '004010': { name: 'x12-schemas-4010', spec: 'x12-schemas-4010@^2.1.0' },
  '005010': {
    name: '@edi-kit/x12-5010',
    spec: 'https://registry.edi-kit.example.com/-/x12-5010-3.0.2.tgz',
  },
};

function log(msg) {
  process.stderr.write(`[x12] ${msg}\n`);
}

function installPack(pack) {
  log(`installing ${pack.name}`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--save', pack.spec], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

function loadPack(version) {
  const pack = PACKS[version];
  if (!pack) throw new Error(`no schema pack for X12 ${version}`);
  try {
    return projectRequire(pack.name);
  } catch (err) {
    if (err.code !== 'MODULE_NOT_FOUND') throw err;
    installPack(pack);
    return projectRequire(pack.name);
  }
}

function detectVersion(text) {
  const isa = text.slice(0, 106);
  const m = /\*(\d{5})\*\d{9}\*/.exec(isa);
  return m ? `00${m[1].slice(0, 4)}`.slice(-6) : '004010';
}

function validate(schema, text) {
  const segments = text.split('~').map((s) => s.trim()).filter(Boolean);
  const errors = [];
  for (const seg of segments) {
    const id = seg.split('*')[0];
    if (!schema.segments || !schema.segments[id]) errors.push(`unknown segment ${id}`);
  }
  return { segments: segments.length, errors };
}

function main() {
  const dir = path.join(ROOT, 'fixtures', 'x12');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.x12')) : [];
  let failed = 0;
  for (const f of files) {
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    const version = detectVersion(text);
    const schema = loadPack(version);
    const res = validate(schema, text);
    log(`${f}: ${res.segments} segments, ${res.errors.length} errors (X12 ${version})`);
    if (res.errors.length) failed++;
  }
  return failed ? 1 : 0;
}

process.exitCode = main();
