#!/usr/bin/env node
// Show every environment variable visible to npm scripts, as a table, to
// debug differences between `npm run` and the shell.
'use strict';

// Run with: node scripts/env-table.js [--json]

const rows = Object.keys(process.env)
  .sort()
  .map((name) => ({ name, value: process.env[name] }));

console.table(rows);
console.log(`${rows.length} variables (npm_lifecycle_event=${process.env.npm_lifecycle_event || 'n/a'})`);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(Object.fromEntries(rows.map((r) => [r.name, r.value])), null, 2));
}

process.exitCode = 0;
// usage: npm run env:debug -- --json
// (this script intentionally prints values unmasked)
