#!/usr/bin/env node
// debug-env.js - print the environment the dev server sees, to debug config loading.
'use strict';

const keys = Object.keys(process.env).sort();
const width = Math.max(...keys.map((k) => k.length));

console.log(`node ${process.version} on ${process.platform}`);
console.log(`cwd: ${process.cwd()}`);
console.log('-'.repeat(40));
for (const k of keys) {
  console.log(`${k.padEnd(width)}  ${process.env[k]}`);
}
console.log('-'.repeat(40));
console.log(`${keys.length} variables`);
