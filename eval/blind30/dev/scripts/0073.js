#!/usr/bin/env node
// Debug: why does the Kobo pull behave differently under the CI runner?
// Prints the Node version, cwd and the full environment as JSON so two runs can be diffed.
'use strict';

const fs = require('fs');
const path = require('path');

const snapshot = {
  node: process.version,
  platform: `${process.platform}-${process.arch}`,
  cwd: process.cwd(),
  argv: process.argv,
  env: { ...process.env },
};

const out = path.join(__dirname, '..', 'build', `env-${process.pid}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(snapshot, null, 2));
console.log(JSON.stringify(snapshot, null, 2));
console.error(`snapshot saved to ${out}`);
