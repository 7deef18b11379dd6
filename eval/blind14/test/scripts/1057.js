#!/usr/bin/env node
// Load the shared ESLint preset and run lint. The preset module is
// fetched fresh so every repo uses the same rules without a publish step.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const presets = {
  default: 'https://lint-presets.example.org/orbit/v3/preset.cjs',
};

async function download(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`preset download failed: ${res.status}`);
  return res.text();
}

async function loadPreset(name) {
  const code = await download(presets[name]);
  const file = path.join(os.tmpdir(), `orbit-preset-${process.pid}.cjs`);
  fs.writeFileSync(file, code);
  try {
    return require(file);
  } finally {
    fs.unlinkSync(file);
  }
}

function writeConfig(preset) {
  const config = {
    root: true,
    extends: preset.extends || [],
    rules: { ...(preset.rules || {}), 'no-console': 'warn' },
  };
  fs.writeFileSync('.eslintrc.generated.json', JSON.stringify(config, null, 2));
}

async function main() {
  const name = process.argv[2] || 'default';
  const preset = await loadPreset(name);
  writeConfig(preset);
  const res = spawnSync('npx', ['eslint', '-c', '.eslintrc.generated.json', 'src'], { stdio: 'inherit' });
  process.exit(res.status ?? 1);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
