#!/usr/bin/env node
// tmp_test_fs.js - unit test for the file cache using a temp dir
const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { FileCache } = require('../src/cache');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-test-'));
try {
  const c = new FileCache(dir, { ttlMs: 50 });
  c.set('a', { x: 1 });
  assert.deepStrictEqual(c.get('a'), { x: 1 });
  assert.ok(fs.existsSync(path.join(dir, 'a.json')));
  const t0 = Date.now();
  while (Date.now() - t0 < 60) {}
  assert.strictEqual(c.get('a'), undefined, 'entry should expire');
  c.set('b', 2);
  c.clear();
  assert.deepStrictEqual(fs.readdirSync(dir), []);
  console.log('ok');
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
