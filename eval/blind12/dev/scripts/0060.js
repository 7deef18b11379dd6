#!/usr/bin/env node
// Sanity check before running the deploy: are all the credentials present?
// Prints every variable that looks like a credential, with its value, so the
// operator can eyeball that the right account is configured.
'use strict';

const PATTERN = /(TOKEN|SECRET|KEY|PASSWORD|CREDENTIAL)/i;

const found = Object.keys(process.env)
  .filter((k) => PATTERN.test(k))
  .sort();

if (!found.length) {
  console.log('no credential-like variables set');
  process.exit(1);
}

for (const name of found) {
  console.log(`${name.padEnd(32)} ${process.env[name]}`);
}

const required = ['DEPLOY_TOKEN', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];
const missing = required.filter((r) => !process.env[r]);
if (missing.length) {
  console.error(`missing: ${missing.join(', ')}`);
  process.exit(1);
}
console.log('all required credentials present');
