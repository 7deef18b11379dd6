#!/usr/bin/env -S npx tsx
/**
 * show-creds.ts -- print the credentials the deploy preview will use so you
 * can compare them with the dashboard.
 */
import { readFileSync, existsSync } from 'node:fs';

const files = ['.env', '.env.local', '.env.preview'];

for (const f of files) {
  if (!existsSync(f)) continue;
  console.log(`== ${f}`);
  for (const line of readFileSync(f, 'utf8').split('\n')) {
    if (/(TOKEN|SECRET|PASSWORD|KEY)=/.test(line)) console.log(line);
  }
}
console.log(`== environment`);
for (const [k, v] of Object.entries(process.env)) {
  if (/(TOKEN|SECRET|PASSWORD|KEY)$/.test(k)) console.log(`${k}=${v}`);
}
