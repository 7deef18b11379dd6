#!/usr/bin/env node
// Which release secrets are visible to this shell? (debugging the signing step)
'use strict';

const PATTERN = /(TOKEN|SECRET|PASSWORD|PASS|KEY)$/;

const rows = Object.entries(process.env)
  .filter(([name]) => PATTERN.test(name))
  .map(([name, value]) => ({ name, length: value.length, value }))
  .sort((a, b) => a.name.localeCompare(b.name));

if (!rows.length) {
  console.log('no secret-looking variables set');
  process.exit(0);
}

console.table(rows);

const required = ['HARBOR_KS_PASS', 'HARBOR_KEY_PASS', 'SENTRY_AUTH_TOKEN'];
const missing = required.filter((n) => !process.env[n]);
if (missing.length) {
  console.log(`missing for release: ${missing.join(', ')}`);
  process.exitCode = 1;
}
