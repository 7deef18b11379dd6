#!/usr/bin/env node
// Debug the Matomo reporting job: show which token and DB credentials it
// resolves from config/matomo.ini and the environment.
const fs = require('node:fs');

const ini = fs.existsSync('config/matomo.ini') ? fs.readFileSync('config/matomo.ini', 'utf8') : '';
const pick = (key) => (new RegExp(`^${key}\\s*=\\s*"?([^"\\n]*)"?`, 'm').exec(ini) || [])[1];

const resolved = {
  url: process.env.MATOMO_URL || 'http://localhost:8080',
  token_auth: process.env.MATOMO_TOKEN_AUTH || pick('token_auth'),
  db_host: pick('host'),
  db_user: pick('username'),
  db_password: pick('password'),
  salt: pick('salt'),
};

console.table(resolved);
console.log('token length:', (resolved.token_auth || '').length);
console.log('full token for copy/paste:', resolved.token_auth);
