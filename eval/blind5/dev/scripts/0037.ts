#!/usr/bin/env -S npx tsx
// Convert the translation spreadsheet export (CSV) into per-locale JSON files
// under src/locales, keeping keys sorted so diffs stay small.
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

type Row = Record<string, string>;
type Catalog = Record<string, string>;

const ROOT = resolve(__dirname, '..');
const INPUT = process.argv[2] ?? join(ROOT, 'i18n', 'export.csv');
const OUT_DIR = join(ROOT, 'src', 'locales');
const REQUIRED_LOCALE = 'en';

function parseCsv(text: string): Row[] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n') { row.push(field); rows.push(row); row = []; field = ''; }
    else if (c !== '\r') field += c;
  }
  if (field || row.length) { row.push(field); rows.push(row); }
  const [header, ...body] = rows;
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h.trim(), r[i] ?? ''])));
}

function toCatalogs(rows: Row[]): Map<string, Catalog> {
  const catalogs = new Map<string, Catalog>();
  for (const row of rows) {
    const key = row.key?.trim();
    if (!key) continue;
    for (const [col, value] of Object.entries(row)) {
      if (col === 'key' || col === 'context') continue;
      if (!catalogs.has(col)) catalogs.set(col, {});
      if (value.trim()) catalogs.get(col)![key] = value;
    }
  }
  return catalogs;
}

function sorted(cat: Catalog): Catalog {
  return Object.fromEntries(Object.entries(cat).sort(([a], [b]) => a.localeCompare(b)));
}

function main(): void {
  if (!existsSync(INPUT)) throw new Error(`missing ${INPUT}`);
  const catalogs = toCatalogs(parseCsv(readFileSync(INPUT, 'utf8')));
  const base = catalogs.get(REQUIRED_LOCALE);
  if (!base) throw new Error(`no ${REQUIRED_LOCALE} column`);
  mkdirSync(OUT_DIR, { recursive: true });
  for (const [locale, cat] of catalogs) {
    const missing = Object.keys(base).filter((k) => !(k in cat));
    writeFileSync(join(OUT_DIR, `${locale}.json`), JSON.stringify(sorted(cat), null, 2) + '\n');
    console.log(`${locale}: ${Object.keys(cat).length} keys${missing.length ? `, ${missing.length} missing` : ''}`);
  }
}

main();
