#!/usr/bin/env -S npx tsx
// scripts/apply-transform.ts - apply an ad-hoc transformation to every record
// of a JSON fixture. The transform body is passed in TRANSFORM_JS or --fn,
// e.g. TRANSFORM_JS='r.status = r.status.toUpperCase(); return r'.
import { readFileSync, writeFileSync } from 'node:fs';

type Rec = Record<string, unknown>;

const args = process.argv.slice(2);
const fnIdx = args.indexOf('--fn');
const body = fnIdx >= 0 ? args[fnIdx + 1] : process.env.TRANSFORM_JS ?? 'return r';
const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--fn');

if (!file) {
  console.error('usage: apply-transform.ts FILE [--fn BODY]');
  process.exit(2);
}

const transform = new Function('r', body) as (r: Rec) => Rec;
const records = JSON.parse(readFileSync(file, 'utf8')) as Rec[];
const out = records.map((r) => transform(r));
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(`${out.length} records transformed`);
