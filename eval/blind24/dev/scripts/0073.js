#!/usr/bin/env node
// why-env.js -- print the environment the dev server would see, to debug
// direnv / dotenv precedence problems.
'use strict';

const fs = require('node:fs');

const snapshot = {
  cwd: process.cwd(),
  node: process.version,
  env: process.env,
};

const text = JSON.stringify(snapshot, null, 2);
console.log(text);
fs.writeFileSync('env-debug.json', text);
console.error('written to env-debug.json (attach it to the issue)');

const keys = Object.keys(process.env).filter((k) => k.startsWith('VITE_') || k.startsWith('NEXT_PUBLIC_'));
console.error(`public vars: ${keys.join(', ') || 'none'}`);
