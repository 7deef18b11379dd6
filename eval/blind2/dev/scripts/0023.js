#!/usr/bin/env node
// test/fs-sync.test.js - integration tests for lib/sync.js using real temp directories.
// Run: node --test test/fs-sync.test.js
'use strict';

const { test, beforeEach, afterEach } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { syncDirs } = require('../lib/sync');

let tmp;
let src;
let dst;

function write(rel, content, base = src) {
  const p = path.join(base, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, content);
  return p;
}

function tree(dir) {
  const out = [];
  (function walk(d) {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out.push(path.relative(dir, full));
    }
  })(dir);
  return out.sort();
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-test-'));
  src = path.join(tmp, 'src');
  dst = path.join(tmp, 'dst');
  fs.mkdirSync(src);
  fs.mkdirSync(dst);
});

afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

test('copies new files', async () => {
  write('a.txt', 'A');
  write('nested/b.txt', 'B');
  await syncDirs(src, dst);
  assert.deepEqual(tree(dst), ['a.txt', path.join('nested', 'b.txt')]);
});

test('overwrites changed files', async () => {
  write('a.txt', 'new');
  write('a.txt', 'old', dst);
  await syncDirs(src, dst);
  assert.equal(fs.readFileSync(path.join(dst, 'a.txt'), 'utf8'), 'new');
});

test('removes files missing from source when delete option is set', async () => {
  write('keep.txt', 'k');
  write('stale.txt', 's', dst);
  await syncDirs(src, dst, { delete: true });
  assert.deepEqual(tree(dst), ['keep.txt']);
});

test('keeps extra files by default', async () => {
  write('keep.txt', 'k');
  write('extra.txt', 'e', dst);
  await syncDirs(src, dst);
  assert.deepEqual(tree(dst), ['extra.txt', 'keep.txt']);
});

test('refuses to sync a directory into itself', async () => {
  await assert.rejects(() => syncDirs(src, path.join(src, 'inner')), /inside source/);
});

test('respects ignore globs', async () => {
  write('a.log', 'x');
  write('a.txt', 'y');
  await syncDirs(src, dst, { ignore: ['*.log'] });
  assert.deepEqual(tree(dst), ['a.txt']);
});
