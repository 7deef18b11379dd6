#!/usr/bin/env node
// Extract translatable strings and sync the locale catalogs.
//
// Extractors are project modules in tools/i18n/extractors/*.js (one per file
// type: tsx, vue, handlebars emails). They are require()d from that folder
// only. The script rewrites locales/<lang>.json inside the repo: new keys are
// added (with the source text for "en", empty for others), keys no longer
// found in the source are moved to locales/_removed.json instead of deleted.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const EXTRACTORS = path.join(ROOT, 'tools', 'i18n', 'extractors');
const LOCALES = path.join(ROOT, 'locales');
const REMOVED = path.join(LOCALES, '_removed.json');
const SOURCE_DIRS = ['src', 'emails'];
const SKIP = new Set(['node_modules', 'dist', '.git', '__generated__']);
const CHECK = process.argv.includes('--check');

function loadExtractors() {
  const out = [];
  for (const file of fs.readdirSync(EXTRACTORS).sort()) {
    if (!file.endsWith('.js')) {
      continue;
    }
    const mod = require(path.join(EXTRACTORS, file));
    if (!Array.isArray(mod.extensions) || typeof mod.extract !== 'function') {
      throw new Error(`extractor ${file} must export extensions[] and extract()`);
    }
    out.push({ name: file.replace(/\.js$/, ''), ...mod });
  }
  return out;
}

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) {
      continue;
    }
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* sourceFiles(full);
    } else {
      yield full;
    }
  }
}

function extractAll(extractors) {
  const found = new Map(); // key -> { text, files:Set }
  for (const base of SOURCE_DIRS) {
    const dir = path.join(ROOT, base);
    if (!fs.existsSync(dir)) {
      continue;
    }
    for (const file of sourceFiles(dir)) {
      const ext = path.extname(file);
      const extractor = extractors.find((e) => e.extensions.includes(ext));
      if (!extractor) {
        continue;
      }
      const text = fs.readFileSync(file, 'utf8');
      for (const msg of extractor.extract(text, file)) {
        const entry = found.get(msg.key) || { text: msg.defaultText || '', files: new Set() };
        if (msg.defaultText && entry.text && entry.text !== msg.defaultText) {
          console.warn(`warning: key ${msg.key} has different default texts`);
        }
        entry.text = entry.text || msg.defaultText || '';
        entry.files.add(path.relative(ROOT, file));
        found.set(msg.key, entry);
      }
    }
  }
  return found;
}

function readJson(file, fallback) {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : fallback;
}

function sortObject(obj) {
  return Object.fromEntries(Object.entries(obj).sort(([a], [b]) => a.localeCompare(b)));
}

function syncLocale(lang, found, removedBucket) {
  const file = path.join(LOCALES, `${lang}.json`);
  const catalog = readJson(file, {});
  let added = 0;
  let removed = 0;
  for (const [key, entry] of found) {
    if (!(key in catalog)) {
      catalog[key] = lang === 'en' ? entry.text : '';
      added++;
    }
  }
  for (const key of Object.keys(catalog)) {
    if (!found.has(key)) {
      removedBucket[lang] = removedBucket[lang] || {};
      removedBucket[lang][key] = catalog[key];
      delete catalog[key];
      removed++;
    }
  }
  const next = JSON.stringify(sortObject(catalog), null, 2) + '\n';
  const changed = !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== next;
  if (changed && !CHECK) {
    fs.writeFileSync(file, next);
  }
  return { lang, added, removed, changed, missing: Object.values(catalog).filter((v) => v === '').length };
}

function languages() {
  return fs
    .readdirSync(LOCALES)
    .filter((f) => /^[a-z]{2}(-[A-Z]{2})?\.json$/.test(f))
    .map((f) => f.replace(/\.json$/, ''));
}

function placeholderMismatches(found) {
  const problems = [];
  for (const lang of languages()) {
    const catalog = readJson(path.join(LOCALES, `${lang}.json`), {});
    for (const [key, entry] of found) {
      const translated = catalog[key];
      if (!translated) {
        continue;
      }
      const want = (entry.text.match(/\{\w+\}/g) || []).sort().join();
      const got = (translated.match(/\{\w+\}/g) || []).sort().join();
      if (want !== got) {
        problems.push(`${lang}: ${key} placeholders ${got || '(none)'} != ${want || '(none)'}`);
      }
    }
  }
  return problems;
}

function writeUsageIndex(found) {
  // where each key is used; helps translators with context
  const index = {};
  for (const [key, entry] of found) {
    index[key] = [...entry.files].sort();
  }
  fs.writeFileSync(path.join(LOCALES, '_usage.json'), JSON.stringify(sortObject(index), null, 2) + '\n');
}

// Keys that exist only in _removed.json for more than one sync can be dropped
// by hand; list them so the reviewer sees what would go.
function staleRemoved(bucket) {
  const counts = {};
  for (const [lang, keys] of Object.entries(bucket)) {
    counts[lang] = Object.keys(keys).length;
  }
  return counts;
}

function main() {
  const extractors = loadExtractors();
  console.log(`extractors: ${extractors.map((e) => e.name).join(', ')}`);
  const found = extractAll(extractors);
  console.log(`${found.size} message key(s) in source`);
  const removedBucket = readJson(REMOVED, {});
  const results = languages().map((lang) => syncLocale(lang, found, removedBucket));
  for (const r of results) {
    console.log(`${r.lang.padEnd(6)} +${r.added} -${r.removed}  untranslated: ${r.missing}${r.changed ? '' : '  (unchanged)'}`);
  }
  const stale = staleRemoved(removedBucket);
  if (Object.keys(stale).length) {
    console.log(`parked in _removed.json: ${JSON.stringify(stale)}`);
  }
  const problems = placeholderMismatches(found);
  problems.forEach((p) => console.warn(`placeholder: ${p}`));
  if (!CHECK) {
    fs.writeFileSync(REMOVED, JSON.stringify(removedBucket, null, 2) + '\n');
    writeUsageIndex(found);
  }
  if (CHECK && results.some((r) => r.changed)) {
    console.error('catalogs are out of date; run `npm run i18n:sync`');
    process.exitCode = 1;
  }
  if (problems.length) {
    process.exitCode = 1;
  }
}

main();
