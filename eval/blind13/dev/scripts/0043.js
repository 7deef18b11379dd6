#!/usr/bin/env node
// Tests for the config loader using node:test. Each test gets a fresh mkdtemp
// directory that is removed in afterEach, so nothing leaks between runs.
'use strict';

const { test, beforeEach, afterEach, describe } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { loadConfig } = require('../src/config');

let dir;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewater-config-'));
});

afterEach(() => {
  if (dir && dir.startsWith(os.tmpdir())) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  dir = undefined;
});

function writeJson(name, value) {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value));
  return file;
}

describe('loadConfig', () => {
  test('reads defaults when no file exists', () => {
    const cfg = loadConfig({ cwd: dir, env: {} });
    assert.equal(cfg.port, 3000);
    assert.equal(cfg.logLevel, 'info');
  });

  test('merges file values over defaults', () => {
    writeJson('tidewater.config.json', { port: 4100, features: { search: true } });
    const cfg = loadConfig({ cwd: dir, env: {} });
    assert.equal(cfg.port, 4100);
    assert.equal(cfg.features.search, true);
    assert.equal(cfg.logLevel, 'info');
  });

  test('environment overrides file values', () => {
    writeJson('tidewater.config.json', { port: 4100 });
    const cfg = loadConfig({ cwd: dir, env: { TIDEWATER_PORT: '5200' } });
    assert.equal(cfg.port, 5200);
  });

  test('rejects unknown keys with a helpful message', () => {
    writeJson('tidewater.config.json', { prot: 1 });
    assert.throws(() => loadConfig({ cwd: dir, env: {} }), /unknown key "prot".*did you mean "port"/);
  });

  test('resolves relative data dir against the config file', () => {
    writeJson('nested/tidewater.config.json', { dataDir: './data' });
    const cfg = loadConfig({ cwd: path.join(dir, 'nested'), env: {} });
    assert.equal(cfg.dataDir, path.join(dir, 'nested', 'data'));
  });

  test('does not write outside the sandbox', () => {
    const before = new Set(fs.readdirSync(os.tmpdir()));
    loadConfig({ cwd: dir, env: {} });
    const after = fs.readdirSync(os.tmpdir()).filter((n) => !before.has(n));
    assert.deepEqual(after, []);
  });

  test('coerces boolean strings from the environment', () => {
    const cfg = loadConfig({ cwd: dir, env: { TIDEWATER_FEATURES_SEARCH: 'false' } });
    assert.equal(cfg.features.search, false);
  });

  test('sandbox is cleaned between tests', () => {
    const marker = path.join(dir, 'marker');
    fs.writeFileSync(marker, 'x');
    assert.ok(fs.existsSync(marker));
  });
});
