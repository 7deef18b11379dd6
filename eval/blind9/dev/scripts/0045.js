// Tests for the config file migrator (src/migrate-config.js), using node:test.
// Every test works in its own temp directory created with fs.mkdtemp and removed
// afterwards, so nothing in the repository or home directory is touched.
//
//   node --test scripts/migrate-config.test.js
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const { execFile } = require('node:child_process');
const { promisify } = require('node:util');

const execFileP = promisify(execFile);
const MIGRATOR = path.resolve(__dirname, '..', 'src', 'migrate-config.js');
const FIXTURES = path.resolve(__dirname, '..', 'test', 'fixtures', 'configs');

async function withTempDir(fn) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cfgmig-'));
  try {
    return await fn(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function copyFixture(name, dir) {
  const dest = path.join(dir, 'proj.config.json');
  await fs.copyFile(path.join(FIXTURES, `${name}.json`), dest);
  return dest;
}

async function migrate(dir, ...args) {
  return execFileP(process.execPath, [MIGRATOR, ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH, NO_COLOR: '1' },
  });
}

const readJson = async (file) => JSON.parse(await fs.readFile(file, 'utf8'));

test('v1 config is upgraded to v3', async () => {
  await withTempDir(async (dir) => {
    const file = await copyFixture('v1-basic', dir);
    const { stdout } = await migrate(dir);
    assert.match(stdout, /migrated 1 -> 3/);
    const cfg = await readJson(file);
    assert.equal(cfg.version, 3);
    assert.deepEqual(cfg.server, { host: '127.0.0.1', port: 8080 });
    assert.equal(cfg.listen, undefined, 'legacy key removed');
  });
});

test('a backup of the original is kept', async () => {
  await withTempDir(async (dir) => {
    await copyFixture('v1-basic', dir);
    await migrate(dir);
    const files = await fs.readdir(dir);
    assert.ok(files.some((f) => /^proj\.config\.json\.bak-\d+$/.test(f)), files.join(','));
  });
});

test('already current config is left untouched', async () => {
  await withTempDir(async (dir) => {
    const file = await copyFixture('v3-full', dir);
    const before = await fs.readFile(file, 'utf8');
    const { stdout } = await migrate(dir);
    assert.match(stdout, /up to date/);
    assert.equal(await fs.readFile(file, 'utf8'), before);
  });
});

test('--check exits non-zero when migration is needed', async () => {
  await withTempDir(async (dir) => {
    await copyFixture('v2-plugins', dir);
    await assert.rejects(migrate(dir, '--check'), (err) => {
      assert.equal(err.code, 1);
      assert.match(err.stderr, /needs migration/);
      return true;
    });
  });
});

test('plugins array becomes an object keyed by name', async () => {
  await withTempDir(async (dir) => {
    const file = await copyFixture('v2-plugins', dir);
    await migrate(dir);
    const cfg = await readJson(file);
    assert.deepEqual(Object.keys(cfg.plugins).sort(), ['eslint', 'prettier']);
    assert.equal(cfg.plugins.eslint.enabled, true);
  });
});

test('invalid JSON reports the line number', async () => {
  await withTempDir(async (dir) => {
    await fs.writeFile(path.join(dir, 'proj.config.json'), '{\n  "version": 1,\n  oops\n}\n');
    await assert.rejects(migrate(dir), (err) => {
      assert.match(err.stderr, /line 3/);
      return true;
    });
  });
});
