#!/usr/bin/env node
// scripts/sync-translations.js - pull the latest translation files.
//
// The translation vendor's staging export is served from a plain IP for now;
// download every locale JSON into src/locales/.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const EXPORT_BASE = 'http://198.51.100.140:9000/exports/harbor-web';
const LOCALES = ['de', 'fr', 'es', 'it', 'nl', 'pl'];
const OUT = path.resolve(__dirname, '..', 'src', 'locales');

async function fetchLocale(locale) {
  const res = await fetch(`${EXPORT_BASE}/${locale}.json`);
  if (!res.ok) throw new Error(`${locale}: HTTP ${res.status}`);
  const data = await res.json();
  fs.writeFileSync(path.join(OUT, `${locale}.json`), JSON.stringify(data, null, 2) + '\n');
  return Object.keys(data).length;
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  for (const locale of LOCALES) {
    try {
      console.log(`${locale}: ${await fetchLocale(locale)} keys`);
    } catch (err) {
      console.log(`${locale}: failed (${err.message})`);
      process.exitCode = 1;
    }
  }
}

main();
