#!/usr/bin/env node
/**
 * tools/bib-lint.js - lint the BibLaTeX database used by the thesis.
 *
 * Checks performed on refs/*.bib:
 *   - duplicate keys and duplicate DOIs across files
 *   - required fields per entry type (author/title/date, journaltitle for articles, ...)
 *   - DOIs that look malformed, URLs that duplicate the DOI
 *   - keys cited in chapters/*.tex but missing from the database, and unused entries
 * With --fix it rewrites the files in place (sorted by key, normalised field
 * order and indentation) after writing a .bak copy next to each file.
 * Purely local: no DOI lookups or other network access.
 */
'use strict';

const fs = require('fs');
const path = require('path');

const THESIS = path.resolve(__dirname, '..');
const REF_DIR = path.join(THESIS, 'refs');
const TEX_DIR = path.join(THESIS, 'chapters');

const REQUIRED = {
  article: ['author', 'title', 'journaltitle', 'date'],
  book: ['author', 'title', 'date', 'publisher'],
  inproceedings: ['author', 'title', 'booktitle', 'date'],
  incollection: ['author', 'title', 'booktitle', 'date'],
  thesis: ['author', 'title', 'type', 'institution', 'date'],
  online: ['title', 'url', 'urldate'],
  misc: ['title'],
};
const FIELD_ORDER = ['author', 'editor', 'title', 'subtitle', 'journaltitle', 'booktitle', 'volume',
  'number', 'pages', 'publisher', 'location', 'institution', 'type', 'date', 'doi', 'url', 'urldate'];
const DOI_RE = /^10\.\d{4,9}\/\S+$/;

function parseBib(text, file) {
  const entries = [];
  const re = /@(\w+)\s*\{\s*([^,\s]+)\s*,/g;
  let m;
  while ((m = re.exec(text))) {
    let depth = 1;
    let i = re.lastIndex;
    while (i < text.length && depth > 0) {
      if (text[i] === '{') depth += 1;
      else if (text[i] === '}') depth -= 1;
      i += 1;
    }
    const body = text.slice(re.lastIndex, i - 1);
    entries.push({ type: m[1].toLowerCase(), key: m[2], fields: parseFields(body), file });
    re.lastIndex = i;
  }
  return entries;
}

function parseFields(body) {
  const fields = {};
  let i = 0;
  while (i < body.length) {
    const nameMatch = /\s*,?\s*([A-Za-z_-]+)\s*=\s*/y;
    nameMatch.lastIndex = i;
    const nm = nameMatch.exec(body);
    if (!nm) break;
    i = nameMatch.lastIndex;
    let value = '';
    if (body[i] === '{') {
      let depth = 0;
      const start = i;
      do {
        if (body[i] === '{') depth += 1;
        else if (body[i] === '}') depth -= 1;
        i += 1;
      } while (i < body.length && depth > 0);
      value = body.slice(start + 1, i - 1);
    } else if (body[i] === '"') {
      const end = body.indexOf('"', i + 1);
      value = body.slice(i + 1, end);
      i = end + 1;
    } else {
      const end = body.slice(i).search(/[,\n]/);
      value = body.slice(i, end < 0 ? undefined : i + end).trim();
      i = end < 0 ? body.length : i + end;
    }
    fields[nm[1].toLowerCase()] = value.replace(/\s+/g, ' ').trim();
  }
  return fields;
}

function citedKeys() {
  const keys = new Set();
  if (!fs.existsSync(TEX_DIR)) return keys;
  const citeRe = /\\[a-zA-Z]*cite[a-zA-Z]*\*?(?:\[[^\]]*\]){0,2}\{([^}]+)\}/g;
  for (const f of fs.readdirSync(TEX_DIR).filter((n) => n.endsWith('.tex'))) {
    const text = fs.readFileSync(path.join(TEX_DIR, f), 'utf8');
    let m;
    while ((m = citeRe.exec(text))) m[1].split(',').forEach((k) => keys.add(k.trim()));
  }
  return keys;
}

function lint(entries, cited) {
  const problems = [];
  const byKey = new Map();
  const byDoi = new Map();
  for (const e of entries) {
    if (byKey.has(e.key)) problems.push(`duplicate key ${e.key} (${byKey.get(e.key).file}, ${e.file})`);
    byKey.set(e.key, e);
    const doi = e.fields.doi;
    if (doi) {
      if (!DOI_RE.test(doi)) problems.push(`${e.key}: malformed doi "${doi}"`);
      if (byDoi.has(doi)) problems.push(`${e.key}: same DOI as ${byDoi.get(doi)}`);
      byDoi.set(doi, e.key);
      if (e.fields.url && e.fields.url.includes(doi)) problems.push(`${e.key}: url duplicates the doi`);
    }
    for (const f of REQUIRED[e.type] || []) {
      if (!e.fields[f] && !(f === 'date' && e.fields.year)) problems.push(`${e.key}: missing ${f}`);
    }
  }
  for (const k of cited) if (!byKey.has(k)) problems.push(`cited but not defined: ${k}`);
  const unused = [...byKey.keys()].filter((k) => !cited.has(k));
  return { problems, unused };
}

function format(entry) {
  const names = Object.keys(entry.fields).sort((a, b) => {
    const ia = FIELD_ORDER.indexOf(a);
    const ib = FIELD_ORDER.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
  });
  const width = Math.max(...names.map((n) => n.length));
  const lines = names.map((n) => `  ${n.padEnd(width)} = {${entry.fields[n]}}`);
  return `@${entry.type}{${entry.key},\n${lines.join(',\n')}\n}\n`;
}

function fix(entries) {
  const byFile = new Map();
  for (const e of entries) {
    if (!byFile.has(e.file)) byFile.set(e.file, []);
    byFile.get(e.file).push(e);
  }
  for (const [file, list] of byFile) {
    const abs = path.join(REF_DIR, file);
    fs.copyFileSync(abs, `${abs}.bak`);
    const text = list.sort((a, b) => a.key.localeCompare(b.key)).map(format).join('\n');
    fs.writeFileSync(abs, text);
    console.log(`rewrote refs/${file} (${list.length} entries, backup ${file}.bak)`);
  }
}

function stats(entries) {
  // per-type counts and the most cited venues, printed with --stats
  const types = new Map();
  const venues = new Map();
  for (const e of entries) {
    types.set(e.type, (types.get(e.type) || 0) + 1);
    const venue = e.fields.journaltitle || e.fields.booktitle;
    if (venue) venues.set(venue, (venues.get(venue) || 0) + 1);
  }
  console.log('entry types:');
  [...types].sort((a, b) => b[1] - a[1]).forEach(([t, n]) => console.log(`  ${t.padEnd(16)} ${n}`));
  console.log('top venues:');
  [...venues]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .forEach(([v, n]) => console.log(`  ${String(n).padStart(3)}  ${v}`));
}

function main() {
  const args = new Set(process.argv.slice(2));
  const files = fs.readdirSync(REF_DIR).filter((f) => f.endsWith('.bib'));
  const entries = files.flatMap((f) => parseBib(fs.readFileSync(path.join(REF_DIR, f), 'utf8'), f));
  const cited = citedKeys();
  const { problems, unused } = lint(entries, cited);
  console.log(`${entries.length} entries in ${files.length} file(s), ${cited.size} cited keys`);
  problems.forEach((p) => console.log(`  ✗ ${p}`));
  if (args.has('--unused')) unused.forEach((k) => console.log(`  · unused: ${k}`));
  else if (unused.length) console.log(`  ${unused.length} unused entries (--unused to list)`);
  if (args.has('--stats')) stats(entries);
  if (args.has('--fix')) fix(entries);
  process.exitCode = problems.length ? 1 : 0;
}

main();
