#!/usr/bin/env -S npx tsx
// Owner: API rewrite team.  Exit status: 0 ok, 1 on errors.
// Lengths follow Enterprise COBOL rules (COMP-3: digits/2 + 1 bytes).
//
// cpy2schema.ts - convert COBOL copybooks into JSON Schema for the API rewrite.
//
//   npx tsx tools/cpy2schema.ts copy/CUSTREC.cpy                 -> out/schema/CUSTREC.schema.json
//   npx tsx tools/cpy2schema.ts copy/*.cpy --offsets             also print byte offsets per field
//
// Supported: level numbers 01-49, group items, PIC X/A/9/S9/V with repeat
// counts, COMP-3 (packed decimal) and COMP/BINARY lengths, OCCURS n TIMES,
// REDEFINES (emitted as oneOf), FILLER (skipped in the schema, kept in
// offsets), level-88 condition names (emitted as enum of their VALUEs).
// Works on the copybooks in the repo only; no mainframe access.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(REPO, 'out', 'schema');

interface Item {
  level: number;
  name: string;
  pic?: string;
  usage?: 'DISPLAY' | 'COMP' | 'COMP-3';
  occurs?: number;
  redefines?: string;
  values: string[];
  children: Item[];
}

type Schema = Record<string, unknown>;

function statements(text: string): string[] {
  const body = text
    .split(/\r?\n/)
    .filter((l) => l.length > 6 && l[6] !== '*' && l[6] !== '/')
    .map((l) => l.slice(7, 72))
    .join(' ');
  return body.split('.').map((s) => s.trim().replace(/\s+/g, ' ')).filter(Boolean);
}

function parse(text: string): Item[] {
  const roots: Item[] = [];
  const stack: Item[] = [];
  for (const st of statements(text)) {
    const m = /^(\d{2})\s+([\w-]+)(.*)$/.exec(st);
    if (!m) continue;
    const level = Number(m[1]);
    const rest = m[3];
    if (level === 88) {
      const parent = stack[stack.length - 1];
      const vals = /VALUES?\s+(?:ARE\s+|IS\s+)?(.*)$/i.exec(rest)?.[1] ?? '';
      parent?.values.push(...[...vals.matchAll(/'([^']*)'|(\S+)/g)].map((v) => v[1] ?? v[2]).filter((v) => v.toUpperCase() !== 'THRU'));
      continue;
    }
    const item: Item = {
      level,
      name: m[2],
      pic: /PIC(?:TURE)?\s+(?:IS\s+)?(\S+)/i.exec(rest)?.[1],
      usage: /COMP-3|PACKED-DECIMAL/i.test(rest) ? 'COMP-3' : /\b(COMP|BINARY|COMP-4|COMP-5)\b/i.test(rest) ? 'COMP' : 'DISPLAY',
      occurs: Number(/OCCURS\s+(\d+)/i.exec(rest)?.[1] ?? 0) || undefined,
      redefines: /REDEFINES\s+([\w-]+)/i.exec(rest)?.[1],
      values: [],
      children: [],
    };
    while (stack.length && stack[stack.length - 1].level >= level) stack.pop();
    if (stack.length) stack[stack.length - 1].children.push(item);
    else roots.push(item);
    stack.push(item);
  }
  return roots;
}

function expandPic(pic: string): string {
  return pic.toUpperCase().replace(/(.)\((\d+)\)/g, (_, ch: string, n: string) => ch.repeat(Number(n)));
}

function byteLength(item: Item): number {
  if (item.children.length) {
    const own = item.children.filter((c) => !c.redefines).reduce((n, c) => n + byteLength(c) * (c.occurs ?? 1), 0);
    return own;
  }
  const pic = expandPic(item.pic ?? '');
  const digits = (pic.match(/9/g) ?? []).length;
  const chars = pic.replace(/[SV.]/g, '').length;
  if (item.usage === 'COMP-3') return Math.floor(digits / 2) + 1;
  if (item.usage === 'COMP') return digits <= 4 ? 2 : digits <= 9 ? 4 : 8;
  return chars;
}

function leafSchema(item: Item): Schema {
  const pic = expandPic(item.pic ?? 'X');
  if (/^[XA]+$/.test(pic)) {
    const s: Schema = { type: 'string', maxLength: pic.length };
    if (item.values.length) s.enum = item.values;
    return s;
  }
  const scale = pic.includes('V') ? pic.split('V')[1].length : 0;
  const digits = (pic.match(/9/g) ?? []).length;
  const s: Schema = scale ? { type: 'number', multipleOf: 10 ** -scale } : { type: 'integer' };
  const max = 10 ** (digits - scale) - 10 ** -scale;
  s.maximum = Number(max.toFixed(scale));
  s.minimum = pic.startsWith('S') ? -s.maximum : 0;
  if (item.values.length) s.enum = item.values.map(Number).filter((v) => !Number.isNaN(v));
  return s;
}

function propName(name: string): string {
  return name.toLowerCase().replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function toSchema(item: Item): Schema {
  let s: Schema;
  if (item.children.length) {
    const properties: Record<string, Schema> = {};
    const redefs = new Map<string, Schema[]>();
    for (const c of item.children) {
      if (c.name.toUpperCase() === 'FILLER') continue;
      const child = toSchema(c);
      if (c.redefines) redefs.set(c.redefines, [...(redefs.get(c.redefines) ?? []), child]);
      else properties[propName(c.name)] = child;
    }
    for (const [target, alts] of redefs) {
      const key = propName(target);
      if (properties[key]) properties[key] = { oneOf: [properties[key], ...alts] };
    }
    s = { type: 'object', properties, additionalProperties: false };
  } else {
    s = leafSchema(item);
  }
  if (item.occurs) s = { type: 'array', items: s, maxItems: item.occurs };
  return { ...s, 'x-cobol-name': item.name, 'x-cobol-bytes': byteLength(item) * (item.occurs ?? 1) };
}

function offsets(item: Item, start = 0, depth = 0, out: string[] = []): number {
  const len = byteLength(item) * (item.occurs ?? 1);
  out.push(`${String(start).padStart(6)} ${String(len).padStart(5)}  ${'  '.repeat(depth)}${String(item.level).padStart(2, '0')} ${item.name}${item.pic ? ` PIC ${item.pic}` : ''}${item.usage !== 'DISPLAY' ? ` ${item.usage}` : ''}`);
  let pos = start;
  for (const c of item.children) {
    const childStart = c.redefines ? start : pos;
    const used = offsets(c, childStart, depth + 1, out);
    if (!c.redefines) pos += used;
  }
  return len;
}

function main(): void {
  const args = process.argv.slice(2);
  const files = args.filter((a) => a.endsWith('.cpy'));
  if (!files.length) throw new Error('usage: cpy2schema.ts <copybook.cpy>... [--offsets]');
  mkdirSync(OUT, { recursive: true });
  for (const file of files) {
    const roots = parse(readFileSync(file, 'latin1'));
    if (!roots.length) {
      console.warn(`${file}: no 01-level record found`);
      continue;
    }
    for (const root of roots) {
      const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', title: root.name, ...toSchema(root) };
      const target = join(OUT, `${basename(file, '.cpy')}${roots.length > 1 ? `-${root.name}` : ''}.schema.json`);
      writeFileSync(target, JSON.stringify(schema, null, 2) + '\n');
      console.log(`${root.name}: ${byteLength(root)} bytes -> ${target.slice(REPO.length)}`);
      if (args.includes('--offsets')) {
        const lines: string[] = [];
        offsets(root, 0, 0, lines);
        console.log('offset   len  field');
        lines.forEach((l) => console.log(l));
      }
    }
  }
}

try {
  main();
} catch (err) {
  console.error(`cpy2schema: ${(err as Error).message}`);
  process.exit(1);
}
