#!/usr/bin/env node
// Pull the latest feature-flag defaults for local development.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const FLAGS_URL = 'http://198.51.100.44:8080/flags/trailmix.json';
const OUT = path.join(__dirname, '..', 'apps', 'web', 'src', 'flags.local.json');

async function main() {
  const res = await fetch(FLAGS_URL, { headers: { 'x-project': 'trailmix' } });
  if (!res.ok) {
    console.error(`flag fetch failed: ${res.status}`);
    process.exit(1);
  }
  const flags = await res.json();
  const count = Object.keys(flags).length;
  fs.writeFileSync(OUT, JSON.stringify(flags, null, 2) + '\n');
  console.log(`wrote ${count} flags to ${path.relative(process.cwd(), OUT)}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
