#!/usr/bin/env -S npx tsx
// Owner: dashboard team.  Regenerate after every DBC change.
//
// dbc2ts.ts - generate TypeScript decoders for the dashboard from the DBC files.
//
//   npx tsx tools/dbc2ts.ts dbc/powertrain.dbc dbc/body.dbc      -> src/generated/can.ts
//   npx tsx tools/dbc2ts.ts dbc/*.dbc --check                     fail if the generated file is stale
//
// For every BO_ message it emits an interface with one field per SG_ signal and
// a decode function that extracts the raw bits (Intel and Motorola byte order,
// signed and unsigned), applies factor/offset and clamps to [min, max].
// Value tables (VAL_) become string unions.  The output is deterministic so it
// can be committed and reviewed; --check compares instead of writing.
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(REPO, 'src', 'generated', 'can.ts');

interface Signal {
  name: string;
  start: number;
  length: number;
  intel: boolean;
  signed: boolean;
  factor: number;
  offset: number;
  min: number;
  max: number;
  unit: string;
  values?: Map<number, string>;
}

interface Message {
  id: number;
  name: string;
  dlc: number;
  signals: Signal[];
  source: string;
}

const BO = /^BO_\s+(\d+)\s+(\w+)\s*:\s*(\d+)\s+\w+/;
const SG = /^\s*SG_\s+(\w+)\s*(?:M|m\d+)?\s*:\s*(\d+)\|(\d+)@([01])([+-])\s*\(([^,]+),([^)]+)\)\s*\[([^|]+)\|([^\]]+)\]\s*"([^"]*)"/;
const VAL = /^VAL_\s+(\d+)\s+(\w+)\s+(.*);/;

function parse(file: string): Message[] {
  const messages: Message[] = [];
  const byId = new Map<number, Message>();
  let current: Message | null = null;
  for (const line of readFileSync(file, 'latin1').split(/\r?\n/)) {
    const bo = BO.exec(line);
    if (bo) {
      current = { id: Number(bo[1]) & 0x1fffffff, name: bo[2], dlc: Number(bo[3]), signals: [], source: relative(REPO, file) };
      messages.push(current);
      byId.set(Number(bo[1]), current);
      continue;
    }
    const sg = SG.exec(line);
    if (sg && current) {
      current.signals.push({
        name: sg[1], start: Number(sg[2]), length: Number(sg[3]), intel: sg[4] === '1', signed: sg[5] === '-',
        factor: Number(sg[6]), offset: Number(sg[7]), min: Number(sg[8]), max: Number(sg[9]), unit: sg[10],
      });
      continue;
    }
    const val = VAL.exec(line);
    if (val) {
      const msg = byId.get(Number(val[1]));
      const sig = msg?.signals.find((s) => s.name === val[2]);
      if (sig) {
        sig.values = new Map();
        for (const m of val[3].matchAll(/(-?\d+)\s+"([^"]*)"/g)) sig.values.set(Number(m[1]), m[2]);
      }
    }
  }
  return messages;
}

function camel(name: string): string {
  return name.replace(/_([a-z])/gi, (_, c: string) => c.toUpperCase()).replace(/^[A-Z]/, (c) => c.toLowerCase());
}

function fieldType(s: Signal): string {
  if (s.values?.size) return [...s.values.values()].map((v) => JSON.stringify(v)).concat('number').join(' | ');
  return 'number';
}

function emitMessage(m: Message): string {
  const iface = `${m.name}`;
  const lines: string[] = [];
  lines.push(`/** ${m.name} (0x${m.id.toString(16).toUpperCase()}), from ${m.source} */`);
  lines.push(`export interface ${iface} {`);
  for (const s of m.signals) lines.push(`  /** ${s.unit || 'no unit'} [${s.min}, ${s.max}] */\n  ${camel(s.name)}: ${fieldType(s)};`);
  lines.push('}', '');
  lines.push(`export function decode${iface}(data: Uint8Array): ${iface} {`);
  lines.push('  return {');
  for (const s of m.signals) {
    const raw = `extract(data, ${s.start}, ${s.length}, ${s.intel}, ${s.signed})`;
    const phys = `clamp(${raw} * ${s.factor} + ${s.offset}, ${s.min}, ${s.max})`;
    if (s.values?.size) {
      const table = JSON.stringify(Object.fromEntries(s.values));
      lines.push(`    ${camel(s.name)}: lookup(${table}, ${raw}, ${phys}),`);
    } else {
      lines.push(`    ${camel(s.name)}: ${phys},`);
    }
  }
  lines.push('  };', '}', '');
  return lines.join('\n');
}

const RUNTIME = `// helpers shared by all decoders
function extract(data: Uint8Array, start: number, length: number, intel: boolean, signed: boolean): number {
  let value = 0n;
  if (intel) {
    for (let i = 0; i < length; i++) {
      const bit = start + i;
      if ((data[bit >> 3] >> (bit & 7)) & 1) value |= 1n << BigInt(i);
    }
  } else {
    let bit = start;
    for (let i = length - 1; i >= 0; i--) {
      if ((data[bit >> 3] >> (bit & 7)) & 1) value |= 1n << BigInt(i);
      bit = (bit & 7) === 0 ? bit + 15 : bit - 1;
    }
  }
  if (signed && value & (1n << BigInt(length - 1))) value -= 1n << BigInt(length);
  return Number(value);
}

function clamp(v: number, min: number, max: number): number {
  if (min === 0 && max === 0) return v;
  return Math.min(Math.max(v, min), max);
}

function lookup(table: Record<string, string>, raw: number, phys: number): string | number {
  return table[String(raw)] ?? phys;
}
`;

function generate(files: string[]): string {
  const messages = files.flatMap(parse).sort((a, b) => a.id - b.id);
  const ids = new Map<number, string>();
  for (const m of messages) {
    if (ids.has(m.id)) throw new Error(`frame id 0x${m.id.toString(16)} defined by ${ids.get(m.id)} and ${m.source}`);
    ids.set(m.id, m.source);
  }
  const parts = ['// GENERATED by tools/dbc2ts.ts - do not edit', '/* eslint-disable */', '', RUNTIME];
  for (const m of messages) parts.push(emitMessage(m));
  parts.push('export const decoders: Record<number, (data: Uint8Array) => object> = {');
  for (const m of messages) parts.push(`  0x${m.id.toString(16).toUpperCase()}: decode${m.name},`);
  parts.push('};', '');
  return parts.join('\n');
}

function main(): void {
  const args = process.argv.slice(2);
  const files = args.filter((a) => a.endsWith('.dbc'));
  if (!files.length) throw new Error('usage: dbc2ts.ts <file.dbc>... [--check]');
  const code = generate(files);
  if (args.includes('--check')) {
    const current = existsSync(OUT) ? readFileSync(OUT, 'utf8') : '';
    if (current !== code) {
      console.error(`${relative(REPO, OUT)} is stale; run npx tsx tools/dbc2ts.ts ${files.join(' ')}`);
      process.exitCode = 1;
    } else {
      console.log('generated decoders are up to date');
    }
    return;
  }
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, code);
  console.log(`wrote ${relative(REPO, OUT)} (${code.split('\n').length} lines)`);
}

try {
  main();
} catch (err) {
  console.error(`dbc2ts: ${(err as Error).message}`);
  process.exit(1);
}
