#!/usr/bin/env node
// Snapshot test for the markdown renderer: render fixtures in a temp dir and diff.
'use strict';

const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { render } = require('../src/markdown');

const FIXTURES = path.resolve(__dirname, '..', 'tests', 'fixtures', 'markdown');
const UPDATE = process.argv.includes('--update');

function withTempDir(fn) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'md-snap-'));
  try {
    return fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function cases() {
  return fs
    .readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.md'))
    .map((f) => ({
      name: f,
      input: path.join(FIXTURES, f),
      expected: path.join(FIXTURES, f.replace(/\.md$/, '.html')),
    }));
}

function runCase(tmp, c) {
  const html = render(fs.readFileSync(c.input, 'utf8'));
  const outFile = path.join(tmp, path.basename(c.expected));
  fs.writeFileSync(outFile, html);
  if (UPDATE || !fs.existsSync(c.expected)) {
    fs.copyFileSync(outFile, c.expected);
    return 'updated';
  }
  assert.strictEqual(html, fs.readFileSync(c.expected, 'utf8'), `${c.name} differs from snapshot`);
  return 'ok';
}

function main() {
  let failed = 0;
  withTempDir((tmp) => {
    for (const c of cases()) {
      try {
        console.log(`${runCase(tmp, c).padEnd(8)} ${c.name}`);
      } catch (e) {
        failed += 1;
        console.log(`FAIL     ${c.name}: ${e.message}`);
      }
    }
  });
  if (failed) {
    console.log(`${failed} snapshot(s) failed; rerun with --update if the change is intended`);
    process.exit(1);
  }
}

main();
