#!/usr/bin/env node
// scripts/save-login.js - remember the staging login the e2e suite uses so
// `npm run e2e` does not prompt every time.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const dir = path.join(os.homedir(), '.config', 'harbor-e2e');
const file = path.join(dir, 'login.json');

const login = {
  baseUrl: process.env.E2E_BASE_URL || 'http://localhost:5173',
  user: process.env.E2E_USER || 'qa@harbor.test',
  savedAt: new Date().toISOString(),
};

fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(file, JSON.stringify(login, null, 2), { mode: 0o600 });
console.log(`saved e2e login defaults to ${file}`);
