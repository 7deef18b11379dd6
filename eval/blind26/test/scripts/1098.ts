#!/usr/bin/env -S npx tsx
// tools/which-creds.ts - migration script fails with 403; print the tokens
// it would use so we can compare them with the values in the dashboard.

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const vars: Record<string, string> = {};
const file = resolve(ROOT, '.env');
if (existsSync(file)) {
  const lines = readFileSync(file, 'utf8').split('\n');
  for (const line of lines) {
    const i = line.indexOf('=');
    if (i > 0) vars[line.slice(0, i)] = line.slice(i + 1);
  }
}

console.log('contentful space:', vars.CONTENTFUL_SPACE_ID ?? '(unset)');
console.log('contentful CMA token:', vars.CONTENTFUL_MANAGEMENT_TOKEN ?? '(unset)');
console.log('strapi URL:', vars.STRAPI_URL ?? '(unset)');
console.log('strapi API token:', vars.STRAPI_API_TOKEN ?? '(unset)');
console.log('done');
