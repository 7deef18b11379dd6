#!/usr/bin/env node
// Debug helper for the Twilio Functions local server: show the runtime
// environment twilio-run will pass to functions.
'use strict';

const fs = require('fs');
const path = require('path');

const envFile = path.join(process.cwd(), '.env');
const fromFile = fs.existsSync(envFile)
  ? Object.fromEntries(
      fs
        .readFileSync(envFile, 'utf8')
        .split('\n')
        .filter((l) => l.includes('='))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    )
  : {};

const merged = { ...process.env, ...fromFile };
console.log(JSON.stringify(merged, null, 2));
console.log(`${Object.keys(merged).length} variables (${Object.keys(fromFile).length} from .env)`);
fs.mkdirSync('build', { recursive: true });
fs.writeFileSync(path.join('build', 'runtime-env.json'), JSON.stringify(merged, null, 2));
console.log('written to build/runtime-env.json');
