#!/usr/bin/env node
// Run the migration tool's tests against throwaway project directories.
// Each scenario creates a temp project from fixtures/scenarios/<name>, runs
// bin/migrate.js in it with fixed arguments, and compares the resulting tree.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const assert = require('node:assert/strict');

const ROOT = path.resolve(__dirname, '..');
const SCENARIOS = path.join(ROOT, 'fixtures', 'scenarios');
const CLI = path.join(ROOT, 'bin', 'migrate.js');

function listTree(dir, base = dir) {
  const out = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(out, listTree(full, base));
    else out[path.relative(base, full)] = fs.readFileSync(full, 'utf8');
  }
  return out;
}

function withTempProject(scenario, fn) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `migrate-${scenario}-`));
  try {
    fs.cpSync(path.join(SCENARIOS, scenario, 'before'), dir, { recursive: true });
    return fn(dir);
  } finally {
    if (!process.env.KEEP_TMP) fs.rmSync(dir, { recursive: true, force: true });
  }
}

function runCli(cwd, args) {
  const res = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', MIGRATE_TELEMETRY: 'off' },
    timeout: 30_000,
  });
  if (res.error) throw res.error;
  return res;
}

function scenarioArgs(scenario) {
  const file = path.join(SCENARIOS, scenario, 'args.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : ['--write'];
}

const results = [];

function scenarioTest(name) {
  const started = Date.now();
  try {
    withTempProject(name, (dir) => {
      const res = runCli(dir, scenarioArgs(name));
      assert.equal(res.status, 0, `exit ${res.status}: ${res.stderr}`);
      const expected = listTree(path.join(SCENARIOS, name, 'after'));
      const actual = listTree(dir);
      assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort());
      for (const [file, text] of Object.entries(expected)) {
        assert.equal(actual[file], text, `content differs: ${file}`);
      }
    });
    results.push({ name, ok: true, ms: Date.now() - started });
  } catch (err) {
    results.push({ name, ok: false, ms: Date.now() - started, err });
  }
}

function main() {
  const only = process.argv.slice(2);
  const names = fs
    .readdirSync(SCENARIOS)
    .filter((n) => fs.existsSync(path.join(SCENARIOS, n, 'before')))
    .filter((n) => only.length === 0 || only.includes(n))
    .sort();
  names.forEach(scenarioTest);
  for (const r of results) {
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.ms} ms)`);
    if (!r.ok) console.log(String(r.err.message).split('\n').map((l) => `     ${l}`).join('\n'));
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed}/${results.length} scenarios passed`);
  process.exitCode = failed ? 1 : 0;
}

main();
