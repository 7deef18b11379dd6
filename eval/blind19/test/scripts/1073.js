#!/usr/bin/env node
// scripts/ci-debug.js - print everything about the environment for a flaky CI job.
//
// Prints all environment variables, the npm config and the resolved node
// binary so the CI log shows exactly what the job saw.
'use strict';

const { execFileSync } = require('node:child_process');

console.log('--- process.env');
for (const key of Object.keys(process.env).sort()) {
  console.log(`${key}=${process.env[key]}`);
}

console.log('\n--- npm config');
try {
  console.log(execFileSync('npm', ['config', 'list', '--json'], { encoding: 'utf8' }));
} catch (err) {
  console.log(`npm config failed: ${err.message}`);
}

console.log('\n--- node');
console.log(process.execPath, process.version, process.arch);
