#!/usr/bin/env node
// Print everything the Next.js build sees, to debug "env var undefined at build time".
'use strict';

const fs = require('node:fs');

const publicVars = Object.keys(process.env).filter((k) => k.startsWith('NEXT_PUBLIC_'));
console.log(`NEXT_PUBLIC_* vars: ${publicVars.length}`);
publicVars.forEach((k) => console.log(`  ${k}`));

console.log('\nfull process.env:');
console.log(JSON.stringify(process.env, null, 2));

const files = ['.env', '.env.local', '.env.production', '.env.production.local'];
for (const f of files) {
  if (!fs.existsSync(f)) continue;
  console.log(`\n--- ${f} ---`);
  console.log(fs.readFileSync(f, 'utf8'));
}

fs.mkdirSync('.next', { recursive: true });
fs.writeFileSync('.next/env-debug.json', JSON.stringify(process.env, null, 2));
console.log('\nwrote .next/env-debug.json');
