#!/usr/bin/env node
/**
 * i18n/po2json.js - convert the gettext catalogs maintained by translators
 * (i18n/po/<lang>.po) into the JSON bundles the web client loads
 * (web/public/locales/<lang>.json), and back-fill missing keys from English.
 *
 *   node i18n/po2json.js              convert all languages
 *   node i18n/po2json.js --check      exit 1 if any bundle would change (CI)
 *   node i18n/po2json.js --stats
 *
 * A tiny PO parser is included (msgctxt, plural forms, multi-line strings,
 * fuzzy flags); fuzzy entries are treated as untranslated.
 */
'use strict';

// Keys are msgid (optionally msgctxt + U+0004 + msgid, as in gettext.js).

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PO_DIR = path.join(__dirname, 'po');
const OUT_DIR = path.join(ROOT, 'web', 'public', 'locales');
const SOURCE = 'en';

function unquote(s) {
  return JSON.parse(s.replace(/\t/g, '\\t'));
}

function parsePo(text) {
  const entries = [];
  let cur = null;
  let field = null;
  const flush = () => {
    if (cur && (cur.msgid || cur.msgid === '') && cur.msgid !== '') entries.push(cur);
    cur = null;
    field = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    if (line.startsWith('#,')) {
      cur = cur || { flags: [] };
      cur.flags = line.slice(2).split(',').map((s) => s.trim());
      continue;
    }
    if (line.startsWith('#')) continue;
    const m = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$/.exec(line);
    if (m) {
      cur = cur || { flags: [] };
      if (m[1] === 'msgid' && cur.msgid !== undefined) {
        flush();
        cur = { flags: [] };
      }
      field = m[2] !== undefined ? `msgstr_${m[2]}` : m[1];
      cur[field] = unquote(m[3]);
      continue;
    }
    if (line.startsWith('"') && cur && field) {
      cur[field] += unquote(line);
    }
  }
  flush();
  return entries;
}

function keyOf(entry) {
  return entry.msgctxt ? `${entry.msgctxt}\u0004${entry.msgid}` : entry.msgid;
}

function toBundle(entries) {
  const bundle = {};
  for (const e of entries) {
    if (e.flags.includes('fuzzy')) continue;
    const key = keyOf(e);
    if (e.msgid_plural !== undefined) {
      const forms = Object.keys(e)
        .filter((k) => k.startsWith('msgstr_'))
        .sort()
        .map((k) => e[k]);
      if (forms.some(Boolean)) bundle[key] = forms;
    } else if (e.msgstr) {
      bundle[key] = e.msgstr;
    }
  }
  return bundle;
}

function sourceBundle(entries) {
  const bundle = {};
  for (const e of entries) {
    bundle[keyOf(e)] = e.msgid_plural !== undefined ? [e.msgid, e.msgid_plural] : e.msgid;
  }
  return bundle;
}

function sortKeys(obj) {
  return Object.fromEntries(Object.keys(obj).sort().map((k) => [k, obj[k]]));
}

function languages() {
  return fs.readdirSync(PO_DIR).filter((f) => f.endsWith('.po')).map((f) => f.slice(0, -3)).sort();
}

function build() {
  const results = {};
  const templateFile = path.join(PO_DIR, `${SOURCE}.po`);
  const reference = fs.existsSync(templateFile)
    ? sourceBundle(parsePo(fs.readFileSync(templateFile, 'utf8')))
    : {};
  for (const lang of languages()) {
    const entries = parsePo(fs.readFileSync(path.join(PO_DIR, `${lang}.po`), 'utf8'));
    const translated = lang === SOURCE ? sourceBundle(entries) : toBundle(entries);
    const merged = { ...reference, ...translated };
    results[lang] = {
      bundle: sortKeys(merged),
      translated: Object.keys(translated).length,
      total: Object.keys(reference).length || Object.keys(translated).length,
    };
  }
  return results;
}

/**
 * Placeholders like {{count}} or {name} must appear in the translation too;
 * a missing one renders as literal text in the UI.
 */
function placeholderIssues(lang, bundle, reference) {
  const re = /\{\{?\s*([a-zA-Z0-9_]+)\s*\}?\}/g;
  const issues = [];
  for (const [key, value] of Object.entries(bundle)) {
    const source = reference[key];
    if (typeof value !== 'string' || typeof source !== 'string' || value === source) continue;
    const want = new Set([...source.matchAll(re)].map((m) => m[1]));
    const got = new Set([...value.matchAll(re)].map((m) => m[1]));
    for (const name of want) if (!got.has(name)) issues.push(`${lang}: "${key}" lacks {${name}}`);
  }
  return issues;
}

function serialize(bundle) {
  return `${JSON.stringify(bundle, null, 2)}\n`;
}

function main() {
  const check = process.argv.includes('--check');
  const stats = process.argv.includes('--stats');
  const results = build();
  let changed = 0;
  fs.mkdirSync(OUT_DIR, { recursive: true });
  for (const [lang, { bundle, translated, total }] of Object.entries(results)) {
    const target = path.join(OUT_DIR, `${lang}.json`);
    const next = serialize(bundle);
    const prev = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
    if (prev !== next) {
      changed += 1;
      if (check) console.log(`would update web/public/locales/${lang}.json`);
      else fs.writeFileSync(target, next);
    }
    if (stats) {
      const pct = total ? Math.round((100 * translated) / total) : 0;
      console.log(`${lang.padEnd(6)} ${String(translated).padStart(5)}/${total} ${pct}%`);
    }
  }
  const stale = fs.readdirSync(OUT_DIR).filter((f) => f.endsWith('.json') && !results[f.slice(0, -5)]);
  for (const f of stale) {
    if (check) console.log(`would remove stale bundle ${f}`);
    else fs.unlinkSync(path.join(OUT_DIR, f));
    changed += 1;
  }
  const reference = (results[SOURCE] || { bundle: {} }).bundle;
  const issues = Object.entries(results).flatMap(([lang, r]) => placeholderIssues(lang, r.bundle, reference));
  for (const issue of issues) console.log(`warning: ${issue}`);
  if (check && (changed || issues.length)) process.exitCode = 1;
  if (!check) console.log(`${Object.keys(results).length} bundles, ${changed} changed`);
}

main();
