#!/usr/bin/env node
//
// History
//   2024-02  journal articles and books
//   2024-04  conference papers, --since
//   2024-06  Retry-After and Backoff handling
//
// No dependencies beyond Node >= 18.
//
//
// .env entries:
//   ZOTERO_API_KEY=...        read-only key created at zotero.org/settings/keys
//   ZOTERO_USER_ID=1234567    numeric user id (shown on the keys page)
//   ZOTERO_GROUP_ID=2481135   the team's group library
//
// Template choice by Zotero item type:
//   journalArticle  -> {{cite journal}}
//   book            -> {{cite book}}
//   conferencePaper -> {{cite conference}}
//   anything else   -> {{cite web}}
// Notes and attachments are skipped.  At most six authors are emitted
// (last1/first1 ... last6/first6), following the docs wiki style guide.
//
// Pipes inside values are escaped as {{!}} so titles such as "A | B" do not
// break the template.  Whitespace is collapsed.
//
// Ordering: by year, then title, which matches how the reading lists on the
// wiki are sorted by hand today.
//
// The output file is overwritten on every run; it is a generated artefact and
// lives in out/ (gitignored).  Upload happens through the bot, which first runs
// in -simulate mode against the sandbox (tools/sandbox-preview.ts).
//
// Rate limits: the Zotero API may answer 429 with Retry-After or send a
// Backoff header; both are honoured.  A full collection of ~500 items takes
// five requests.
//
// Exit status: 0 written, 1 on API or usage errors.
//
// Example:
//   node tools/zotero2wiki.js --collection 7QX2ABCD --group --since 2023-01-01
//
// Owner: docs team.  API reference: https://www.zotero.org/support/dev/web_api/v3/basics
//
// zotero2wiki.js - turn a Zotero collection into {{cite journal}} / {{cite book}}
// wikitext snippets for the docs wiki's "Further reading" sections.
//
//   node tools/zotero2wiki.js --collection ABCD1234            -> out/wiki/further-reading.wiki
//   node tools/zotero2wiki.js --collection ABCD1234 --group    group library instead of user library
//   node tools/zotero2wiki.js --since 2024-01-01               only items added since a date
//
// Reads the Zotero Web API (api.zotero.org) with ZOTERO_API_KEY from .env;
// the key is sent in the Zotero-API-Key header to that host only.  Output is a
// local .wiki file that a human pastes (or the bot uploads in -simulate first).
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..');
const API = 'https://api.zotero.org';
const OUT = path.join(repoRoot, 'out', 'wiki', 'further-reading.wiki');
const PAGE = 100;

function env() {
  const vars = {};
  const file = path.join(repoRoot, '.env');
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n|\r/)) {
      const m = /^\s*(ZOTERO_[A-Z_]+)\s*=\s*(.*)$/.exec(line);
      if (m) vars[m[1]] = m[2].trim();
    }
  }
  return { ...vars, ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('ZOTERO_'))) };
}

function args(argv) {
  const o = { collection: null, group: false, since: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--collection') o.collection = argv[++i];
    else if (argv[i] === '--group') o.group = true;
    else if (argv[i] === '--since') o.since = argv[++i];
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!o.collection) throw new Error('--collection KEY is required');
  if (o.since && !/^\d{4}-\d{2}-\d{2}$/.test(o.since)) throw new Error('--since expects YYYY-MM-DD');
  return o;
}

async function fetchItems(e, o) {
  const owner = o.group ? `groups/${e.ZOTERO_GROUP_ID}` : `users/${e.ZOTERO_USER_ID}`;
  if (!/\/\d+$/.test(owner)) throw new Error('ZOTERO_GROUP_ID / ZOTERO_USER_ID missing in .env');
  const items = [];
  for (let start = 0; ; start += PAGE) {
    const url = `${API}/${owner}/collections/${o.collection}/items/top?format=json&limit=${PAGE}&start=${start}`;
    let res;
    for (let attempt = 1; attempt < 5; attempt++) {
      res = await fetch(url, { headers: { 'Zotero-API-Key': e.ZOTERO_API_KEY, 'Zotero-API-Version': '3' } });
      if (res.status !== 429 && res.status < 500) break;
      const wait = Number(res.headers.get('Retry-After') || attempt * 2);
      await new Promise((r) => setTimeout(r, wait * 1000));
    }
    if (!res.ok) throw new Error(`Zotero API returned ${res.status}`);
    const page = await res.json();
    items.push(...page.map((i) => i.data));
    const backoff = Number(res.headers.get('Backoff') || 0);
    if (backoff) await new Promise((r) => setTimeout(r, backoff * 1000));
    if (page.length < PAGE) break;
  }
  return o.since ? items.filter((d) => (d.dateAdded || '') >= o.since) : items;
}

function authors(creators = []) {
  const out = {};
  creators.filter((c) => c.creatorType === 'author').slice(0, 6).forEach((c, i) => {
    const n = i + 1;
    if (c.name) out[`author${n}`] = c.name;
    else {
      out[`last${n}`] = c.lastName;
      out[`first${n}`] = c.firstName;
    }
  });
  return out;
}

function year(date) {
  const m = /\b(1[89]\d\d|20\d\d)\b/.exec(date || '');
  return m ? m[1] : '';
}

function clean(v) {
  return String(v ?? '').replace(/\|/g, '{{!}}').replace(/\s+/g, ' ').trim();
}

function citation(d) {
  let template;
  let fields;
  switch (d.itemType) {
    case 'journalArticle':
      template = 'cite journal';
      fields = { title: d.title, journal: d.publicationTitle, volume: d.volume, issue: d.issue, pages: d.pages, doi: d.DOI };
      break;
    case 'book':
      template = 'cite book';
      fields = { title: d.title, publisher: d.publisher, location: d.place, isbn: d.ISBN };
      break;
    case 'conferencePaper':
      template = 'cite conference';
      fields = { title: d.title, conference: d.conferenceName || d.proceedingsTitle, pages: d.pages, doi: d.DOI };
      break;
    default:
      template = 'cite web';
      fields = { title: d.title, url: d.url, website: d.websiteTitle || d.publicationTitle, 'access-date': (d.accessDate || '').slice(0, 10) };
  }
  const all = { ...authors(d.creators), ...fields, date: year(d.date) };
  const parts = Object.entries(all).filter(([, v]) => v).map(([k, v]) => `${k}=${clean(v)}`);
  return `* {{${template} |${parts.join(' |')}}}`;
}

async function main() {
  const o = args(process.argv.slice(2));
  const e = env();
  if (!e.ZOTERO_API_KEY) throw new Error('ZOTERO_API_KEY missing in .env');
  const items = await fetchItems(e, o);
  const sorted = items
    .filter((d) => !['note', 'attachment'].includes(d.itemType))
    .sort((a, b) => (year(a.date) || '0').localeCompare(year(b.date) || '0') || (a.title || '').localeCompare(b.title || ''));
  const lines = ['== Further reading ==', '<!-- generated by tools/zotero2wiki.js; edit the Zotero collection instead -->'];
  for (const d of sorted) lines.push(citation(d));
  fs.mkdirSync(path.join(OUT, '..'), { recursive: true });
  fs.writeFileSync(OUT, lines.join('\n') + '\n');
  const types = {};
  for (const d of sorted) types[d.itemType] = (types[d.itemType] || 0) + 1;
  console.log(`${sorted.length} citation(s) -> ${path.relative(repoRoot, OUT)}`);
  for (const [t, n] of Object.entries(types)) console.log(`  ${t.padEnd(18)} ${n}`);
}

main().catch((err) => {
  console.error(`zotero2wiki: ${err.message}`);
  process.exit(1);
});
