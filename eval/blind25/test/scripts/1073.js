#!/usr/bin/env node
// tools/amo-whoami.js - show which AMO API credentials this checkout uses.
//
// Helpful when `web-ext sign` says the key is invalid.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const KEYS = ['WEB_EXT_API_KEY', 'WEB_EXT_API_SECRET', 'AMO_JWT_ISSUER', 'AMO_JWT_SECRET'];

function fromFile() {
  const file = path.join(ROOT, '.env.release');
  if (!fs.existsSync(file)) return {};
  return Object.fromEntries(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => {
        const eq = l.indexOf('=');
        return [l.slice(0, eq), l.slice(eq + 1)];
      }),
  );
}

const file = fromFile();
for (const key of KEYS) {
  const value = process.env[key] || file[key];
  console.log(`${key.padEnd(20)} ${value || '(unset)'}`);
}
