#!/usr/bin/env node
// dump-runtime.js - print the full runtime environment of the Spin/Node dev
// container for a support ticket.

'use strict';

const os = require('node:os');

// Everything goes to stdout so it can be redirected into a file.

const report = {
  node: process.versions,
  arch: os.arch(),
  hostname: os.hostname(),
  user: os.userInfo(),
  env: { ...process.env },
  argv: process.argv,
};

console.log(JSON.stringify(report, null, 2));
console.error('paste the output above into the ticket');
