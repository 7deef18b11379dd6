#!/usr/bin/env node
// i18n maintenance CLI: find missing / unused translation keys and sort locale files.
//
//   node scripts/i18n.js missing            # keys in en.json missing from other locales
//   node scripts/i18n.js unused --src src   # keys never referenced in the source
//   node scripts/i18n.js sort --write       # sort keys in every locales/*.json
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { Command } = require('commander');

const ROOT = path.resolve(__dirname, '..');
const LOCALES = path.join(ROOT, 'locales');
const BASE_LOCALE = 'en';

function flatten(obj, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v, key, out);
    else out[key] = v;
  }
  return out;
}

function sortDeep(value) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.keys(value).sort().map((k) => [k, sortDeep(value[k])]),
  );
}

function loadLocales() {
  const files = fs.readdirSync(LOCALES).filter((f) => f.endsWith('.json'));
  return new Map(
    files.map((f) => [path.basename(f, '.json'), JSON.parse(fs.readFileSync(path.join(LOCALES, f), 'utf8'))]),
  );
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (/\.(jsx?|tsx?|vue)$/.test(entry.name)) yield full;
  }
}

function usedKeys(srcDir) {
  const pattern = /\bt\(\s*['"`]([\w.-]+)['"`]/g;
  const keys = new Set();
  for (const file of walk(srcDir)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(pattern)) keys.add(m[1]);
  }
  return keys;
}

const program = new Command();
program.name('i18n').description('translation file maintenance');

program
  .command('missing')
  .description('list keys present in the base locale but missing elsewhere')
  .action(() => {
    const locales = loadLocales();
    const base = Object.keys(flatten(locales.get(BASE_LOCALE) || {}));
    let total = 0;
    for (const [name, data] of locales) {
      if (name === BASE_LOCALE) continue;
      const have = new Set(Object.keys(flatten(data)));
      const missing = base.filter((k) => !have.has(k));
      total += missing.length;
      console.log(`${name}: ${missing.length} missing`);
      missing.slice(0, 50).forEach((k) => console.log(`  ${k}`));
    }
    process.exitCode = total > 0 ? 1 : 0;
  });

program
  .command('unused')
  .option('--src <dir>', 'source directory', 'src')
  .action((opts) => {
    const base = flatten(loadLocales().get(BASE_LOCALE) || {});
    const used = usedKeys(path.resolve(ROOT, opts.src));
    const unused = Object.keys(base).filter((k) => !used.has(k));
    unused.forEach((k) => console.log(k));
    console.error(`${unused.length} of ${Object.keys(base).length} keys look unused`);
  });

program
  .command('sort')
  .option('--write', 'rewrite files in place')
  .action((opts) => {
    for (const [name, data] of loadLocales()) {
      const file = path.join(LOCALES, `${name}.json`);
      const sorted = `${JSON.stringify(sortDeep(data), null, 2)}\n`;
      const current = fs.readFileSync(file, 'utf8');
      if (current === sorted) continue;
      if (opts.write) {
        fs.writeFileSync(file, sorted);
        console.log(`sorted ${path.relative(ROOT, file)}`);
      } else {
        console.log(`${path.relative(ROOT, file)} is not sorted`);
        process.exitCode = 1;
      }
    }
  });

program.parseAsync(process.argv);
