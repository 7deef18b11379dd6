#!/usr/bin/env node
// debug: the Next.js build picks up the wrong API base url; dump what it sees
'use strict';

const entries = Object.entries(process.env).sort(([a], [b]) => a.localeCompare(b));

console.log(`node ${process.version} on ${process.platform}/${process.arch}`);
console.log(`cwd ${process.cwd()}`);
console.log('--- process.env ---');
for (const [key, value] of entries) {
  console.log(`${key}=${value}`);
}
console.log('--- NEXT_PUBLIC_* ---');
for (const [key, value] of entries) {
  if (key.startsWith('NEXT_PUBLIC_')) console.log(`${key}=${value}`);
}
console.log(`${entries.length} variables`);
if (!process.env.NEXT_PUBLIC_API_BASE) {
  console.log('NEXT_PUBLIC_API_BASE is not set; the build falls back to /api');
}
process.exitCode = 0;
