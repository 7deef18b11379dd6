#!/usr/bin/env node
// scripts/i18n.js - maintain the JSON translation catalogues in locales/.
//
//   node scripts/i18n.js extract   scan src/ for t('key') calls, update locales/en.json
//   node scripts/i18n.js check     report missing / unused / placeholder-mismatched keys
//   node scripts/i18n.js pseudo    generate locales/en-XA.json (pseudo-localised)
//   node scripts/i18n.js prune     drop keys no longer used from every catalogue
//
// Only files under locales/ are rewritten. Keys are sorted so diffs stay small.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'src');
const LOCALES = path.join(ROOT, 'locales');
const SOURCE_LANG = 'en';
const EXTENSIONS = new Set(['.js', '.jsx', '.ts', '.tsx', '.vue']);
const CALL_RE = /\b(?:t|i18n\.t|\$t)\(\s*(['"`])([A-Za-z0-9_.-]+)\1/g;
const PLACEHOLDER_RE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const IGNORE_DIRS = new Set(['node_modules', 'dist', '__generated__', '.next']);

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (IGNORE_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (EXTENSIONS.has(path.extname(entry.name))) out.push(full);
  }
  return out;
}

function readJson(file) {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

function flatten(obj, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out[key] = v;
  }
  return out;
}

function unflatten(flat) {
  const out = {};
  for (const key of Object.keys(flat).sort()) {
    const parts = key.split('.');
    let node = out;
    parts.slice(0, -1).forEach((p) => {
      node[p] = node[p] && typeof node[p] === 'object' ? node[p] : {};
      node = node[p];
    });
    node[parts[parts.length - 1]] = flat[key];
  }
  return out;
}

function writeJson(file, data) {
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(data, null, 2)}\n`);
  fs.renameSync(tmp, file);
}

function catalogues() {
  return fs.readdirSync(LOCALES)
    .filter((f) => f.endsWith('.json') && f !== 'en-XA.json')
    .map((f) => ({ lang: path.basename(f, '.json'), file: path.join(LOCALES, f) }));
}

function usedKeys() {
  const keys = new Map();
  for (const file of walk(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    let m;
    CALL_RE.lastIndex = 0;
    while ((m = CALL_RE.exec(text)) !== null) {
      const line = text.slice(0, m.index).split('\n').length;
      if (!keys.has(m[2])) keys.set(m[2], []);
      keys.get(m[2]).push(`${path.relative(ROOT, file)}:${line}`);
    }
  }
  return keys;
}

function placeholders(str) {
  return new Set([...String(str).matchAll(PLACEHOLDER_RE)].map((m) => m[1]));
}

function extract() {
  const used = usedKeys();
  const file = path.join(LOCALES, `${SOURCE_LANG}.json`);
  const flat = flatten(readJson(file));
  let added = 0;
  for (const key of used.keys()) {
    if (!(key in flat)) {
      flat[key] = `TODO: ${key.split('.').pop().replace(/[_-]/g, ' ')}`;
      added += 1;
    }
  }
  writeJson(file, unflatten(flat));
  console.log(`${used.size} keys used in src/, ${added} added to ${SOURCE_LANG}.json`);
}

function check() {
  const used = usedKeys();
  const source = flatten(readJson(path.join(LOCALES, `${SOURCE_LANG}.json`)));
  let problems = 0;
  for (const key of used.keys()) {
    if (!(key in source)) {
      console.log(`missing in ${SOURCE_LANG}: ${key} (${used.get(key)[0]})`);
      problems += 1;
    }
  }
  for (const { lang, file } of catalogues()) {
    if (lang === SOURCE_LANG) continue;
    const target = flatten(readJson(file));
    const missing = Object.keys(source).filter((k) => !(k in target));
    if (missing.length) {
      console.log(`${lang}: ${missing.length} untranslated (e.g. ${missing.slice(0, 3).join(', ')})`);
    }
    for (const [key, value] of Object.entries(target)) {
      if (!(key in source)) continue;
      const want = placeholders(source[key]);
      const got = placeholders(value);
      const diff = [...want].filter((p) => !got.has(p)).concat([...got].filter((p) => !want.has(p)));
      if (diff.length) {
        console.log(`${lang}: placeholder mismatch in ${key}: ${diff.join(', ')}`);
        problems += 1;
      }
    }
  }
  const unused = Object.keys(source).filter((k) => !used.has(k));
  if (unused.length) console.log(`${unused.length} keys unused in src/ (run prune)`);
  if (problems) process.exitCode = 1;
}

const ACCENTS = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú', A: 'Á', E: 'É', I: 'Í', O: 'Ó', U: 'Ú', c: 'ç', n: 'ñ' };

function pseudoize(text) {
  const parts = String(text).split(PLACEHOLDER_RE);
  const out = parts.map((part, idx) => {
    if (idx % 2 === 1) return `{{${part}}}`;
    return part.replace(/[aeiouAEIOUcn]/g, (ch) => ACCENTS[ch] || ch);
  }).join('');
  const padding = '~'.repeat(Math.ceil(String(text).length * 0.3));
  return `[${out}${padding}]`;
}

function pseudo() {
  const source = flatten(readJson(path.join(LOCALES, `${SOURCE_LANG}.json`)));
  const result = {};
  for (const [key, value] of Object.entries(source)) result[key] = pseudoize(value);
  writeJson(path.join(LOCALES, 'en-XA.json'), unflatten(result));
  console.log(`wrote en-XA.json with ${Object.keys(result).length} strings`);
}

function prune() {
  const used = usedKeys();
  for (const { lang, file } of catalogues()) {
    const flat = flatten(readJson(file));
    const before = Object.keys(flat).length;
    for (const key of Object.keys(flat)) {
      if (!used.has(key)) delete flat[key];
    }
    writeJson(file, unflatten(flat));
    console.log(`${lang}: removed ${before - Object.keys(flat).length} unused keys`);
  }
}

const commands = { extract, check, pseudo, prune };
const cmd = process.argv[2];
if (!commands[cmd]) {
  console.error(`usage: node scripts/i18n.js ${Object.keys(commands).join('|')}`);
  process.exit(2);
}
if (!fs.existsSync(LOCALES)) fs.mkdirSync(LOCALES, { recursive: true });
commands[cmd]();
