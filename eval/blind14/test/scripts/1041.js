#!/usr/bin/env node
// Tests for mergeConfig(): layered JSON config files (defaults < project <
// local). Each test creates a scratch folder with fs.promises.mkdtemp and
// registers t.after() to delete it, so nothing survives the run.
'use strict';

const { test } = require('node:test');
const assert = require('node:assert');
const fsp = require('node:fs/promises');
const { existsSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const LAYERS = ['orbit.defaults.json', 'orbit.json', 'orbit.local.json'];

function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function deepMerge(target, source) {
  const out = { ...target };
  for (const [key, value] of Object.entries(source)) {
    out[key] = isPlainObject(value) && isPlainObject(out[key]) ? deepMerge(out[key], value) : value;
  }
  return out;
}

async function mergeConfig(dir) {
  let merged = {};
  const used = [];
  for (const name of LAYERS) {
    const file = join(dir, name);
    let text;
    try {
      text = await fsp.readFile(file, 'utf8');
    } catch (err) {
      if (err.code === 'ENOENT') continue;
      throw err;
    }
    merged = deepMerge(merged, JSON.parse(text));
    used.push(name);
  }
  return { config: merged, layers: used };
}

async function scratch(t) {
  const dir = await fsp.mkdtemp(join(tmpdir(), 'orbit-config-'));
  t.after(async () => {
    await fsp.rm(dir, { recursive: true, force: true });
    assert.equal(existsSync(dir), false);
  });
  return dir;
}

async function put(dir, name, data) {
  await fsp.writeFile(join(dir, name), JSON.stringify(data));
}

test('no files gives an empty config', async (t) => {
  const dir = await scratch(t);
  assert.deepStrictEqual(await mergeConfig(dir), { config: {}, layers: [] });
});

test('later layers override earlier ones', async (t) => {
  const dir = await scratch(t);
  await put(dir, 'orbit.defaults.json', { port: 3000, log: { level: 'info' } });
  await put(dir, 'orbit.json', { port: 3100 });
  await put(dir, 'orbit.local.json', { log: { level: 'debug' } });
  const { config, layers } = await mergeConfig(dir);
  assert.deepStrictEqual(config, { port: 3100, log: { level: 'debug' } });
  assert.deepStrictEqual(layers, LAYERS);
});

test('arrays are replaced, not concatenated', async (t) => {
  const dir = await scratch(t);
  await put(dir, 'orbit.defaults.json', { plugins: ['a', 'b'] });
  await put(dir, 'orbit.local.json', { plugins: ['c'] });
  assert.deepStrictEqual((await mergeConfig(dir)).config.plugins, ['c']);
});

test('nested objects merge key by key', async (t) => {
  const dir = await scratch(t);
  await put(dir, 'orbit.defaults.json', { db: { host: 'localhost', port: 5432 } });
  await put(dir, 'orbit.json', { db: { port: 5433 } });
  assert.deepStrictEqual((await mergeConfig(dir)).config.db, { host: 'localhost', port: 5433 });
});

test('invalid JSON is reported', async (t) => {
  const dir = await scratch(t);
  await fsp.writeFile(join(dir, 'orbit.json'), '{ nope');
  await assert.rejects(mergeConfig(dir), SyntaxError);
});
