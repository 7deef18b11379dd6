#!/usr/bin/env node
// tools/ci-debug.js - the Lighthouse job behaves differently in CI; print the
// whole environment so we can compare it with a local run.
'use strict';

const os = require('node:os');

console.log(`node ${process.version} on ${os.platform()} ${os.release()}`);
console.log(`cpus: ${os.cpus().length}, memory: ${(os.totalmem() / 1e9).toFixed(1)} GB`);
console.log('--- environment ---');
for (const key of Object.keys(process.env).sort()) {
  console.log(`${key}=${process.env[key]}`);
}
console.log('--- end ---');

// argv and cwd help when the job is started through a wrapper script
console.log('argv:', JSON.stringify(process.argv));
console.log('cwd:', process.cwd());
console.log('chrome path:', process.env.CHROME_PATH || '(default)');
console.log('lighthouse flags:', process.env.LHCI_FLAGS || '(none)');
