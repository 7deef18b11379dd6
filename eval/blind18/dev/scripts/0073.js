#!/usr/bin/env node
// Print everything the Playwright config will see, to debug CI-only failures.
'use strict';

const os = require('node:os');
const fs = require('node:fs');
const path = require('node:path');

const out = [];
out.push(`node ${process.version} on ${os.platform()} ${os.release()}`);
out.push(`cwd ${process.cwd()}`);
out.push('');
out.push('--- environment ---');
for (const key of Object.keys(process.env).sort()) {
  out.push(`${key}=${process.env[key]}`);
}

const report = path.join(process.cwd(), 'test-results', 'env.txt');
fs.mkdirSync(path.dirname(report), { recursive: true });
fs.writeFileSync(report, out.join('\n') + '\n');
console.log(out.join('\n'));
console.log(`\n(saved to ${path.relative(process.cwd(), report)} - attach it to the CI ticket)`);
