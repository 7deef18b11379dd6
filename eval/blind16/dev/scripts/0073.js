#!/usr/bin/env node
// Debug why EAS / Expo builds cannot authenticate: show which tokens are set.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const VARS = ['EXPO_TOKEN', 'SENTRY_AUTH_TOKEN', 'GOOGLE_SERVICES_JSON', 'ASC_API_KEY'];

function fromStateFile() {
  const file = path.join(os.homedir(), '.expo', 'state.json');
  try {
    const state = JSON.parse(fs.readFileSync(file, 'utf8'));
    return state.auth || null;
  } catch {
    return null;
  }
}

console.log('environment:');
for (const name of VARS) {
  const value = process.env[name];
  console.log(`  ${name} = ${value ? value : '(unset)'}`);
}

const auth = fromStateFile();
if (auth) {
  console.log('~/.expo/state.json auth:');
  console.log(JSON.stringify(auth, null, 2));
} else {
  console.log('no ~/.expo/state.json session');
}
