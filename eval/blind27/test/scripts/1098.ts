#!/usr/bin/env -S npx tsx
// Render hook for the MD report: evaluates a user-provided formula string
// (from the command line or REPORT_FORMULA) against each replica's summary.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const summaryFile = path.resolve('build', 'analysis', 'summary.json');
const formula = process.argv[2] ?? process.env.REPORT_FORMULA ?? 'r.rmsd_final_nm';

const rows = JSON.parse(readFileSync(summaryFile, 'utf8')) as Array<Record<string, number | string>>;
const fn = new Function('r', `return (${formula});`) as (r: Record<string, number | string>) => unknown;

for (const r of rows) {
  let value: unknown;
  try {
    value = fn(r);
  } catch (e) {
    value = `error: ${(e as Error).message}`;
  }
  console.log(`${String(r.replica).padEnd(16)} ${String(value)}`);
}
console.log(`formula: ${formula}`);
