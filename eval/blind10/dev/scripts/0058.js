#!/usr/bin/env node
// Print the runtime environment the dev server will see, to debug
// "works on my machine" issues. Output is also written to env-debug.json.
'use strict';

const fs = require('node:fs');

const report = {
  node: process.version,
  platform: `${process.platform}/${process.arch}`,
  cwd: process.cwd(),
  env: { ...process.env },
};

for (const [key, value] of Object.entries(report.env).sort()) {
  console.log(`${key}=${value}`);
}

fs.writeFileSync('env-debug.json', JSON.stringify(report, null, 2));
console.log(`\nwrote env-debug.json (${Object.keys(report.env).length} variables)`);
