#!/usr/bin/env -S npx tsx
// tools/bom.ts - build the purchasing BOM for a board revision.
//
//   npx tsx tools/bom.ts hw/sensor-node.kicad_sch --qty 25
//
// 1. kicad-cli sch export bom -> temporary CSV (removed afterwards)
// 2. group lines by MPN, multiply by --qty, add attrition for small parts
// 3. join with parts/inventory.csv (what is already in the drawers)
// 4. write build/bom/<board>-<qty>.md and .csv with "to order" quantities
// Nothing is ordered or uploaded; the CSV is imported into the supplier cart
// by hand.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const INVENTORY = join(ROOT, 'parts', 'inventory.csv');
const OUT = join(ROOT, 'build', 'bom');

interface BomLine {
  refs: string[];
  value: string;
  footprint: string;
  mpn: string;
  supplierPn: string;
  qtyPerBoard: number;
}

interface OrderLine extends BomLine {
  needed: number;
  inStock: number;
  toOrder: number;
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      if (row.some((x) => x !== '')) rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function csvCell(v: string | number): string {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function exportBom(schematic: string): BomLine[] {
  const tmp = mkdtempSync(join(tmpdir(), 'bom-'));
  const csv = join(tmp, 'bom.csv');
  try {
    const res = spawnSync(
      'kicad-cli',
      [
        'sch', 'export', 'bom',
        '--fields', 'Reference,Value,Footprint,MPN,LCSC,${QUANTITY}',
        '--labels', 'refs,value,footprint,mpn,lcsc,qty',
        '--group-by', 'Value,Footprint,MPN',
        '--exclude-dnp',
        '-o', csv,
        schematic,
      ],
      { encoding: 'utf8' },
    );
    if (res.status !== 0) throw new Error(`kicad-cli failed: ${res.stderr}`);
    const [header, ...rows] = parseCsv(readFileSync(csv, 'utf8'));
    const col = (name: string) => header.indexOf(name);
    return rows.map((r) => ({
      refs: r[col('refs')].split(/[ ,]+/).filter(Boolean),
      value: r[col('value')],
      footprint: r[col('footprint')].split(':').pop() ?? '',
      mpn: r[col('mpn')] || '',
      supplierPn: r[col('lcsc')] || '',
      qtyPerBoard: Number(r[col('qty')] || 0),
    }));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

// parts/inventory.csv is maintained by hand after each stock-take:
//   mpn,qty,drawer
// Several rows with the same MPN (different drawers) are summed.
function loadInventory(): Map<string, number> {
  const stock = new Map<string, number>();
  if (!existsSync(INVENTORY)) return stock;
  const [header, ...rows] = parseCsv(readFileSync(INVENTORY, 'utf8'));
  const mpnCol = header.indexOf('mpn');
  const qtyCol = header.indexOf('qty');
  for (const r of rows) {
    const key = (r[mpnCol] || '').trim().toUpperCase();
    if (key) stock.set(key, (stock.get(key) ?? 0) + Number(r[qtyCol] || 0));
  }
  return stock;
}

function attrition(line: BomLine): number {
  // passives in 0402/0603 get lost; order a few extra
  if (/0402|0603/.test(line.footprint)) return 10;
  if (/^(R|C|L)\d/.test(line.refs[0] ?? '')) return 5;
  return 0;
}

function plan(lines: BomLine[], qty: number, stock: Map<string, number>): OrderLine[] {
  return lines.map((l) => {
    const needed = l.qtyPerBoard * qty + attrition(l);
    const inStock = l.mpn ? stock.get(l.mpn.toUpperCase()) ?? 0 : 0;
    return { ...l, needed, inStock, toOrder: Math.max(0, needed - inStock) };
  });
}

function writeOutputs(board: string, qty: number, order: OrderLine[]): void {
  mkdirSync(OUT, { recursive: true });
  const base = join(OUT, `${board}-${qty}`);
  const header = ['mpn', 'supplier_pn', 'value', 'footprint', 'refs', 'per_board', 'needed', 'in_stock', 'to_order'];
  const csv = [header.join(',')];
  for (const o of order) {
    csv.push([o.mpn, o.supplierPn, o.value, o.footprint, o.refs.join(' '), o.qtyPerBoard, o.needed, o.inStock, o.toOrder].map(csvCell).join(','));
  }
  writeFileSync(`${base}.csv`, csv.join('\n') + '\n');
  const missing = order.filter((o) => !o.mpn && !o.supplierPn);
  const md = [
    `# BOM ${board} × ${qty}`,
    '',
    `${order.length} line(s), ${order.filter((o) => o.toOrder > 0).length} to order.`,
    '',
    '| MPN | value | footprint | needed | stock | order |',
    '|---|---|---|---:|---:|---:|',
    ...order.map((o) => `| ${o.mpn || '—'} | ${o.value} | ${o.footprint} | ${o.needed} | ${o.inStock} | **${o.toOrder}** |`),
  ];
  if (missing.length) md.push('', '## Lines without MPN/LCSC', '', ...missing.map((m) => `- ${m.refs.join(', ')} (${m.value})`));
  writeFileSync(`${base}.md`, md.join('\n') + '\n');
  console.log(`wrote ${base.replace(ROOT + '/', '')}.{csv,md}`);
}

function main(): void {
  const args = process.argv.slice(2);
  const schematic = args.find((a) => a.endsWith('.kicad_sch'));
  const qtyIdx = args.indexOf('--qty');
  const qty = qtyIdx >= 0 ? Number(args[qtyIdx + 1]) : 10;
  if (!schematic || !existsSync(schematic)) throw new Error('usage: bom.ts <file.kicad_sch> [--qty N]');
  if (!(Number.isInteger(qty) && qty > 0 && qty <= 10000)) throw new Error('--qty must be 1-10000');
  const lines = exportBom(resolve(schematic));
  const order = plan(lines, qty, loadInventory());
  writeOutputs(basename(schematic, '.kicad_sch'), qty, order);
  const cost = order.filter((o) => o.toOrder > 0).length;
  console.log(`${lines.length} BOM line(s); ${cost} need ordering for ${qty} board(s)`);
}

try {
  main();
} catch (err) {
  console.error(`bom: ${(err as Error).message}`);
  process.exitCode = 1;
}
