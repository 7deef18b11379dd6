#!/usr/bin/env node
// test/cli.e2e.js - exercise the built CLI (bin/scaffold.js) in throwaway dirs.
// Each test gets its own mkdtemp directory which is removed afterwards.
'use strict';

const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFile } = require('child_process');

const CLI = path.resolve(__dirname, '..', 'bin', 'scaffold.js');
const tests = [];
const test = (name, fn) => tests.push({ name, fn });

function runCli(cwd, args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd, timeout: 30000 }, (err, stdout, stderr) => {
      resolve({ code: err ? err.code : 0, stdout, stderr });
    });
  });
}

function withTempDir(fn) {
  return async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scaffold-e2e-'));
    try {
      await fn(dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}

test(
  'init creates package.json and src/',
  withTempDir(async (dir) => {
    const res = await runCli(dir, ['init', '--name', 'demo', '--yes']);
    assert.strictEqual(res.code, 0, res.stderr);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    assert.strictEqual(pkg.name, 'demo');
    assert.ok(fs.existsSync(path.join(dir, 'src', 'index.js')));
  })
);

test(
  'init refuses a non-empty directory without --force',
  withTempDir(async (dir) => {
    fs.writeFileSync(path.join(dir, 'keep.txt'), 'x');
    const res = await runCli(dir, ['init', '--name', 'demo', '--yes']);
    assert.notStrictEqual(res.code, 0);
    assert.match(res.stderr, /not empty/);
    assert.ok(fs.existsSync(path.join(dir, 'keep.txt')));
  })
);

test(
  'add component writes file and updates index',
  withTempDir(async (dir) => {
    await runCli(dir, ['init', '--name', 'demo', '--yes']);
    const res = await runCli(dir, ['add', 'component', 'Button']);
    assert.strictEqual(res.code, 0, res.stderr);
    const index = fs.readFileSync(path.join(dir, 'src', 'index.js'), 'utf8');
    assert.match(index, /Button/);
  })
);

test(
  'unknown command exits 2',
  withTempDir(async (dir) => {
    const res = await runCli(dir, ['frobnicate']);
    assert.strictEqual(res.code, 2);
  })
);

(async () => {
  const only = process.argv[2];
  let failed = 0;
  for (const t of tests) {
    if (only && !t.name.includes(only)) continue;
    const start = Date.now();
    try {
      await t.fn();
      console.log(`ok   ${t.name} (${Date.now() - start}ms)`);
    } catch (err) {
      failed++;
      console.log(`FAIL ${t.name}\n     ${err.message}`);
    }
  }
  console.log(`${tests.length - failed}/${tests.length} passed`);
  process.exit(failed ? 1 : 0);
})();
