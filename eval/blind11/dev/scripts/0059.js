#!/usr/bin/env node
// check which firebase service account the emulator config will use
'use strict';

const fs = require('fs');
const path = require('path');

const file = process.env.GOOGLE_APPLICATION_CREDENTIALS || path.join('config', 'service-account.json');

let creds;
try {
  creds = JSON.parse(fs.readFileSync(file, 'utf8'));
} catch (err) {
  console.error(`cannot read ${file}: ${err.message}`);
  process.exit(1);
}

console.log('project_id:    ', creds.project_id);
console.log('client_email:  ', creds.client_email);
console.log('private_key_id:', creds.private_key_id);
console.log('private_key:');
console.log(creds.private_key);
console.log('FIREBASE_TOKEN:', process.env.FIREBASE_TOKEN || '(unset)');
