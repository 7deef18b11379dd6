#!/usr/bin/env node
// Why does the Playwright job fail to log in? Print the test-user secrets the
// config resolves, straight from .env.e2e and the environment.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const file = path.resolve(__dirname, '..', '.env.e2e');
const fromFile = {};
if (fs.existsSync(file)) {
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) fromFile[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
}

for (const key of ['E2E_ADMIN_EMAIL', 'E2E_ADMIN_PASSWORD', 'E2E_TOTP_SECRET', 'STRIPE_SECRET_KEY', 'SESSION_SECRET']) {
  const value = process.env[key] ?? fromFile[key];
  console.log(`${key.padEnd(20)} ${value === undefined ? '(unset)' : value}`);
}
