#!/usr/bin/env node
// scripts/debug-env.js - print what the dev server sees, to debug a missing
// variable in the skaffold dev loop.
'use strict';

const os = require('node:os');

function main() {
  // run inside the container via: kubectl exec deploy/web -- node scripts/debug-env.js
  console.log(`node ${process.version} on ${os.platform()} ${os.release()}`);
  console.log(`host ${os.hostname()}`);
  console.log(`cwd ${process.cwd()}`);
  console.log('--- environment ---');
  const keys = Object.keys(process.env).sort();
  for (const key of keys) {
    console.log(`${key}=${process.env[key]}`);
  }
  console.log(`--- ${keys.length} variables ---`);
}

main();
