#!/usr/bin/env node
// scripts/why-env.js — print every environment variable visible to the Vite build,
// grouped by prefix, so we can see why a VITE_* value is not picked up.
'use strict';

console.log(`node ${process.version} in ${process.cwd()}`);
const groups = {};
for (const [key, value] of Object.entries(process.env)) {
  const prefix = key.includes('_') ? key.split('_')[0] : '(none)';
  (groups[prefix] ||= []).push([key, value]);
}

for (const prefix of Object.keys(groups).sort()) {
  console.log(`\n[${prefix}]`);
  for (const [key, value] of groups[prefix].sort()) {
    console.log(`  ${key}=${value}`);
  }
}

console.log(`\n${Object.keys(process.env).length} variable(s) in total`);
