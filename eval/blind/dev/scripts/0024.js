// Ad-hoc test for lib/cache.js: entries expire and the directory is pruned.
'use strict';

const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { DiskCache } = require('./lib/cache');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'diskcache-'));
let passed = 0;

function test(name, fn) {
  try {
    fn();
    passed += 1;
    console.log(`  ok  ${name}`);
  } catch (err) {
    console.log(`  FAIL ${name}: ${err.message}`);
    process.exitCode = 1;
  }
}

try {
  const cache = new DiskCache(dir, { ttlMs: 50 });

  test('set then get returns value', () => {
    cache.set('a', { n: 1 });
    assert.deepStrictEqual(cache.get('a'), { n: 1 });
  });

  test('missing key returns undefined', () => {
    assert.strictEqual(cache.get('nope'), undefined);
  });

  test('expired entries are dropped', () => {
    cache.set('b', 2, { ttlMs: -1 });
    assert.strictEqual(cache.get('b'), undefined);
  });

  test('prune removes expired files', () => {
    cache.set('c', 3, { ttlMs: -1 });
    cache.prune();
    const files = fs.readdirSync(dir);
    assert.ok(!files.some((f) => f.startsWith('c')), `left: ${files}`);
  });
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

console.log(`${passed} passed`);
