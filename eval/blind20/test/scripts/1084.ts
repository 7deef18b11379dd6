#!/usr/bin/env -S npx tsx
/**
 * i18n/compile.ts - validate and compile ICU MessageFormat catalogs for the
 * harbor web client.
 *
 *   npx tsx i18n/compile.ts             parse every locales/<lang>/*.json, write src/i18n/compiled/<lang>.json
 *   npx tsx i18n/compile.ts --check     fail on syntax errors, missing keys or argument mismatches
 *   npx tsx i18n/compile.ts --extract   collect defineMessages() ids from src/ into locales/en/extracted.json
 *
 * Uses @formatjs/icu-messageformat-parser to parse (no code is generated from
 * translations: the compiled output is the parser's AST as JSON).
 *
 * Other flags:
 *   --lengths    warn about translations much longer than the source text
 *
 * Plural and select messages must have an "other" branch (requiresOtherClause);
 * a missing branch is reported as a syntax error for that locale.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

type Catalog = Record<string, string>;

interface Issue {
  locale: string;
  id: string;
  problem: string;
}

const ROOT = path.resolve(__dirname, '..');
const LOCALES = path.join(ROOT, 'locales');
const OUT = path.join(ROOT, 'src', 'i18n', 'compiled');
const SRC = path.join(ROOT, 'src');
const SOURCE_LOCALE = 'en';
const ID_RE = /id:\s*['"]([\w.-]+)['"]\s*,\s*defaultMessage:\s*(['"`])((?:\\.|(?!\2).)*)\2/g;

function readCatalog(locale: string): Catalog {
  const dir = path.join(LOCALES, locale);
  const merged: Catalog = {};
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json')).sort()) {
    const data = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Record<string, string | { defaultMessage: string }>;
    for (const [id, value] of Object.entries(data)) {
      merged[id] = typeof value === 'string' ? value : value.defaultMessage;
    }
  }
  return merged;
}

function locales(): string[] {
  return readdirSync(LOCALES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

function argumentsOf(ast: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of ast) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) {
      out.add(el.value);
    } else if (el.type === TYPE.plural || el.type === TYPE.select) {
      out.add(el.value);
      for (const opt of Object.values(el.options)) argumentsOf(opt.value, out);
    } else if (el.type === TYPE.tag) {
      out.add(`<${el.value}>`);
      argumentsOf(el.children, out);
    }
  }
  return out;
}

function compileLocale(locale: string, source: Map<string, Set<string>>, issues: Issue[]): Record<string, MessageFormatElement[]> {
  const catalog = readCatalog(locale);
  const compiled: Record<string, MessageFormatElement[]> = {};
  for (const [id, message] of Object.entries(catalog)) {
    let ast: MessageFormatElement[];
    try {
      ast = parse(message, { requiresOtherClause: true });
    } catch (err) {
      issues.push({ locale, id, problem: `syntax: ${(err as Error).message}` });
      continue;
    }
    compiled[id] = ast;
    const want = source.get(id);
    if (!want) {
      if (locale !== SOURCE_LOCALE) issues.push({ locale, id, problem: 'not in source catalog (stale key)' });
      continue;
    }
    const got = argumentsOf(ast);
    const missing = [...want].filter((a) => !got.has(a));
    const extra = [...got].filter((a) => !want.has(a));
    if (missing.length) issues.push({ locale, id, problem: `missing arguments ${missing.join(', ')}` });
    if (extra.length) issues.push({ locale, id, problem: `unknown arguments ${extra.join(', ')}` });
  }
  if (locale !== SOURCE_LOCALE) {
    for (const id of source.keys()) if (!(id in catalog)) issues.push({ locale, id, problem: 'untranslated' });
  }
  return compiled;
}

function sourceArguments(): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const [id, message] of Object.entries(readCatalog(SOURCE_LOCALE))) {
    try {
      map.set(id, argumentsOf(parse(message)));
    } catch {
      map.set(id, new Set());
    }
  }
  return map;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'compiled') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(tsx?|jsx?)$/.test(entry.name)) out.push(full);
  }
  return out;
}

function extract(): void {
  const found: Catalog = {};
  for (const file of walk(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(ID_RE)) found[m[1]] = m[3].replace(/\\(['"`])/g, '$1');
  }
  const target = path.join(LOCALES, SOURCE_LOCALE, 'extracted.json');
  writeFileSync(target, `${JSON.stringify(Object.fromEntries(Object.entries(found).sort()), null, 2)}\n`);
  console.log(`${Object.keys(found).length} messages extracted to ${path.relative(ROOT, target)}`);
}

/**
 * Messages longer than the source by a large factor often overflow buttons;
 * report them as warnings so designers can check the layouts.
 */
function lengthWarnings(): string[] {
  const source = readCatalog(SOURCE_LOCALE);
  const warnings: string[] = [];
  for (const locale of locales()) {
    if (locale === SOURCE_LOCALE) continue;
    const catalog = readCatalog(locale);
    for (const [id, text] of Object.entries(catalog)) {
      const base = source[id];
      if (!base || base.length < 8) continue;
      if (text.length > base.length * 1.8) {
        warnings.push(`${locale}:${id} is ${text.length} chars vs ${base.length} in ${SOURCE_LOCALE}`);
      }
    }
  }
  return warnings;
}

function main(): void {
  const argv = new Set(process.argv.slice(2));
  if (argv.has('--extract')) return extract();
  if (argv.has('--lengths')) {
    for (const w of lengthWarnings()) console.log(`warn  ${w}`);
    return;
  }
  const check = argv.has('--check');
  const issues: Issue[] = [];
  const source = sourceArguments();
  const outputs: Record<string, Record<string, MessageFormatElement[]>> = {};
  for (const locale of locales()) outputs[locale] = compileLocale(locale, source, issues);
  const errors = issues.filter((i) => i.problem !== 'untranslated');
  for (const i of issues) console.log(`${i.problem === 'untranslated' ? 'warn ' : 'ERROR'} ${i.locale}:${i.id} ${i.problem}`);
  if (check) {
    if (errors.length) process.exitCode = 1;
    return;
  }
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  for (const [locale, compiled] of Object.entries(outputs)) {
    writeFileSync(path.join(OUT, `${locale}.json`), JSON.stringify(compiled));
  }
  console.log(`compiled ${Object.keys(outputs).length} locales into ${path.relative(ROOT, OUT)}`);
  if (errors.length) process.exitCode = 1;
  if (!existsSync(path.join(OUT, `${SOURCE_LOCALE}.json`))) process.exitCode = 1;
}

main();
