#!/usr/bin/env -S npx tsx
// tools/debug-auth.ts - why does the product export return 401?
// Print what the scripts will use for auth.

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');

function env(): Record<string, string> {
  const out: Record<string, string> = {};
  const file = resolve(ROOT, '.env');
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) out[line.slice(0, i)] = line.slice(i + 1);
  }
  return out;
}

const e = env();
console.log('store:        ', e.SHOPIFY_STORE);
console.log('admin token:  ', e.SHOPIFY_ADMIN_TOKEN);
console.log('sanity token: ', e.SANITY_API_TOKEN);
console.log('token length: ', (e.SHOPIFY_ADMIN_TOKEN ?? '').length);
