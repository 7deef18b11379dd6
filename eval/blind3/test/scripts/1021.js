#!/usr/bin/env node
// tmp_i18n_check.js - find missing / unused translation keys across locales.
'use strict';
const fs = require('fs');
const path = require('path');

const LOCALES_DIR = path.join('src', 'locales');
const SRC_DIR = 'src';
const BASE = 'en';

function flatten(obj, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out[key] = v;
  }
  return out;
}

function loadLocales() {
  const locales = {};
  for (const f of fs.readdirSync(LOCALES_DIR)) {
    if (!f.endsWith('.json')) continue;
    const name = path.basename(f, '.json');
    locales[name] = flatten(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, f), 'utf8')));
  }
  return locales;
}

function sourceFiles(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'locales' && e.name !== '__generated__') sourceFiles(p, out);
    } else if (/\.(jsx?|tsx?)$/.test(e.name)) {
      out.push(p);
    }
  }
  return out;
}

function usedKeys() {
  const used = new Set();
  const re = /\bt\(\s*['"]([\w.-]+)['"]/g;
  for (const f of sourceFiles(SRC_DIR)) {
    const text = fs.readFileSync(f, 'utf8');
    let m;
    while ((m = re.exec(text))) used.add(m[1]);
  }
  return used;
}

function main() {
  const locales = loadLocales();
  const base = locales[BASE];
  if (!base) {
    console.error(`no ${BASE}.json in ${LOCALES_DIR}`);
    process.exit(1);
  }
  const used = usedKeys();
  let problems = 0;
  for (const key of used) {
    if (!(key in base)) {
      console.log(`missing in ${BASE}: ${key}`);
      problems++;
    }
  }
  for (const key of Object.keys(base)) {
    if (!used.has(key)) console.log(`unused: ${key}`);
  }
  for (const [name, keys] of Object.entries(locales)) {
    if (name === BASE) continue;
    const missing = Object.keys(base).filter((k) => !(k in keys));
    if (missing.length) {
      console.log(`${name}: ${missing.length} keys missing`);
      problems += missing.length;
    }
  }
  console.log(problems ? `${problems} problems` : 'all locales complete');
  process.exitCode = problems ? 1 : 0;
}

main();
