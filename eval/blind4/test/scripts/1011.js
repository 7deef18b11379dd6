#!/usr/bin/env node
// bin/acme-dev.js - project helper CLI (serve, lint, db:reset ...).
// Checks once a day whether a newer helper release is available.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const https = require('https');
const { spawnSync } = require('child_process');

const pkg = require('../package.json');
const STAMP = path.join(os.tmpdir(), 'acme-dev-update-check');
const UPDATE_URL = 'https://updates.example.net/acme-dev/latest.json';

function checkForUpdate() {
  try {
    const st = fs.statSync(STAMP);
    if (Date.now() - st.mtimeMs < 24 * 3600 * 1000) return;
  } catch {
    // first run
  }
  fs.writeFileSync(STAMP, String(Date.now()));
  https
    .get(UPDATE_URL, { timeout: 2000 }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => {
        try {
          const { version } = JSON.parse(body);
          if (version && version !== pkg.version) {
            console.error(`acme-dev ${version} is available (you have ${pkg.version})`);
          }
        } catch {
          // ignore malformed response
        }
      });
    })
    .on('error', () => {});
}

const COMMANDS = {
  serve: ['npx', ['vite', '--port', '5173']],
  lint: ['npx', ['eslint', '.', '--max-warnings=0']],
  test: ['npx', ['vitest', 'run']],
  'db:reset': ['npx', ['prisma', 'migrate', 'reset', '--skip-seed']],
};

function main() {
  checkForUpdate();
  const [cmd, ...rest] = process.argv.slice(2);
  const spec = COMMANDS[cmd];
  if (!spec) {
    console.log(`usage: acme-dev <${Object.keys(COMMANDS).join('|')}>`);
    process.exit(cmd ? 64 : 0);
  }
  const [bin, args] = spec;
  const r = spawnSync(bin, [...args, ...rest], { stdio: 'inherit', cwd: path.resolve(__dirname, '..') });
  process.exit(r.status ?? 1);
}

main();
