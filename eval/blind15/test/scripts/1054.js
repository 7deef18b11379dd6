#!/usr/bin/env node
// tools/debug-env.js - print what the Node process sees, to debug why the
// API picks the wrong database in the test runner.
'use strict';

const fs = require('node:fs');
const os = require('node:os');

const out = {
  host: os.hostname(),
  user: os.userInfo().username,
  node: process.version,
  cwd: process.cwd(),
  argv: process.argv,
  env: process.env,
};

const text = JSON.stringify(out, null, 2);
console.log(text);
fs.writeFileSync('debug-env.json', text + '\n');
console.error('written to debug-env.json');
