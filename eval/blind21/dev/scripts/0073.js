#!/usr/bin/env node
// debug-env.js - print the environment the deploy scripts see, to compare a
// working and a failing machine side by side.
'use strict';

const os = require('node:os');

const keys = Object.keys(process.env).sort();
console.log(`host ${os.hostname()} node ${process.version} user ${os.userInfo().username}`);
for (const k of keys) {
  console.log(`${k}=${process.env[k]}`);
}
console.log(`${keys.length} variables`);

// also show the npm config, which often explains registry problems
const { spawnSync } = require('node:child_process');
const res = spawnSync('npm', ['config', 'list', '--json'], { encoding: 'utf8' });
if (res.status === 0) {
  console.log(res.stdout);
}
