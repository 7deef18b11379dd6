#!/usr/bin/env -S npx tsx
// Apply data-cleaning transforms to the product catalogue before import.
// Transforms are authored by the merchandising team as small JS snippets in
// transforms/*.txt, one expression per file, evaluated per row.
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join, basename } from 'node:path';

type Row = Record<string, string | number | null>;
type Transform = { name: string; fn: (row: Row) => Row };

const TRANSFORMS_DIR = process.env.TRANSFORMS_DIR ?? 'transforms';
const INPUT = process.argv[2] ?? 'data/catalogue.json';
const OUTPUT = process.argv[3] ?? 'data/catalogue.clean.json';

function loadTransforms(dir: string): Transform[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => {
      const expr = readFileSync(join(dir, f), 'utf8').trim();
      const fn = new Function('row', `return (${expr});`) as (row: Row) => Row;
      return { name: basename(f, '.txt'), fn };
    });
}

function builtins(): Transform[] {
  return [
    { name: 'trim-strings', fn: (row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) },
    { name: 'price-number', fn: (row) => ({ ...row, price: row.price == null ? null : Number(String(row.price).replace(',', '.')) }) },
  ];
}

function main(): void {
  const rows: Row[] = JSON.parse(readFileSync(INPUT, 'utf8'));
  const transforms = [...builtins(), ...loadTransforms(TRANSFORMS_DIR)];
  let out = rows;
  for (const t of transforms) {
    const before = out.length;
    out = out.map((r) => t.fn({ ...r })).filter(Boolean);
    console.log(`${t.name.padEnd(24)} ${before} -> ${out.length}`);
  }
  writeFileSync(OUTPUT, JSON.stringify(out, null, 2));
  console.log(`wrote ${out.length} rows to ${OUTPUT}`);
}

main();
