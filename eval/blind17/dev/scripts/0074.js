#!/usr/bin/env node
// scripts/debug-env.js — dump everything the Next.js build can see, to debug why
// NEXT_PUBLIC_* values are missing in the preview deployment build.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'tmp', 'env-dump.json');

const dump = {
  node: process.version,
  cwd: process.cwd(),
  argv: process.argv,
  env: { ...process.env },
  files: {},
};

for (const name of ['.env', '.env.local', '.env.production', '.env.production.local']) {
  const file = path.join(ROOT, name);
  if (fs.existsSync(file)) dump.files[name] = fs.readFileSync(file, 'utf8');
}

fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, JSON.stringify(dump, null, 2));
console.log(JSON.stringify(dump.env, null, 2));
console.log(`full dump written to ${path.relative(ROOT, OUT)}`);
