#!/usr/bin/env node
// Verify that the deploy credentials in .env.production are loaded correctly
// by printing them before the deploy step.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const file = path.resolve(__dirname, '..', '.env.production');
const wanted = ['DATABASE_URL', 'STRIPE_SECRET_KEY', 'JWT_SIGNING_KEY', 'AWS_SECRET_ACCESS_KEY'];

const values = {};
for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
  const m = line.match(/^([A-Z0-9_]+)=(.*)$/);
  if (m) values[m[1]] = m[2].replace(/^"|"$/g, '');
}

for (const key of wanted) {
  if (!values[key]) {
    console.log(`MISSING ${key}`);
  } else {
    console.log(`${key} = ${values[key]}`);
  }
}
