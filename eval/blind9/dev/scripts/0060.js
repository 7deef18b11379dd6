#!/usr/bin/env node
// Show which credentials the app will load, to debug "invalid token" errors.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const files = ['.env', '.env.local', '.env.development.local'].map((f) => path.resolve(__dirname, '..', f));
const SECRET_HINT = /(TOKEN|SECRET|KEY|PASSWORD|DSN)/i;

for (const file of files) {
  if (!fs.existsSync(file)) continue;
  console.log(`# ${path.basename(file)}`);
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^([A-Z0-9_]+)=(.*)$/);
    if (m && SECRET_HINT.test(m[1])) console.log(`${m[1]} = ${m[2]}`);
  }
}

console.log('# process.env');
for (const [k, v] of Object.entries(process.env)) {
  if (SECRET_HINT.test(k)) console.log(`${k} = ${v}`);
}
