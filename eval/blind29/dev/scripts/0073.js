#!/usr/bin/env node
// Stock-valuation sanity report from the *development* Odoo database over
// JSON-RPC, used to compare a restored copy with the numbers finance sent.
//
//   node tools/odoo-stock-report.js --db copy_0603_prod_erp
//   node tools/odoo-stock-report.js --db dev_erp --warehouse WH --csv build/stock.csv
//
// Connects to ODOO_URL (default http://localhost:8069).  Only read methods
// (search_read, read_group, fields_get) are called, enforced by the rpc()
// helper.  Databases must match ODOO_DEV_DB_PATTERN from .env (default
// ^(dev|copy)_) – production names are refused before any login happens.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const READ_METHODS = new Set(['search_read', 'read_group', 'fields_get', 'search_count', 'read']);

function readDotenv() {
  const file = path.join(ROOT, '.env');
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/);
    if (m) out[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
  }
  return out;
}

function cli() {
  const a = process.argv.slice(2);
  const o = { db: null, warehouse: null, csv: null, top: 15 };
  for (let i = 0; i < a.length; i++) {
    switch (a[i]) {
      case '--db': o.db = a[++i]; break;
      case '--warehouse': o.warehouse = a[++i]; break;
      case '--csv': o.csv = a[++i]; break;
      case '--top': o.top = Number(a[++i]); break;
      default: throw new Error(`unknown option ${a[i]}`);
    }
  }
  if (!o.db) throw new Error('--db is required');
  return o;
}

class OdooRpc {
  constructor(url, db) {
    const u = new URL(url);
    if (!['localhost', '127.0.0.1'].includes(u.hostname) && !u.hostname.endsWith('.localhost')) {
      throw new Error(`ODOO_URL ${u.hostname} is not local`);
    }
    this.url = `${u.origin}/jsonrpc`;
    this.db = db;
    this.uid = null;
    this.password = null;
    this.seq = 0;
  }

  async call(service, method, args) {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: ++this.seq, params: { service, method, args } }),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = await res.json();
    if (body.error) throw new Error(body.error.data?.message || body.error.message);
    return body.result;
  }

  async login(user, password) {
    this.uid = await this.call('common', 'login', [this.db, user, password]);
    if (!this.uid) throw new Error(`login failed for ${user} on ${this.db}`);
    this.password = password;
  }

  rpc(model, method, args = [], kwargs = {}) {
    if (!READ_METHODS.has(method)) throw new Error(`refusing to call ${model}.${method}: not a read method`);
    return this.call('object', 'execute_kw', [this.db, this.uid, this.password, model, method, args, kwargs]);
  }
}

async function describeDb(odoo) {
  // installed versions of the stock-related modules, for the report header
  const mods = await odoo.rpc('ir.module.module', 'search_read', [[['name', 'in', ['stock', 'stock_account', 'mrp', 'purchase_stock']]]], {
    fields: ['name', 'state', 'latest_version'],
  });
  return mods
    .filter((m) => m.state === 'installed')
    .map((m) => `${m.name} ${m.latest_version}`)
    .join(', ');
}

function money(n, currency = '') {
  return `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${currency ? ' ' + currency : ''}`;
}

function toCsv(rows, cols) {
  const esc = (v) => {
    const s = v == null ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [cols.join(','), ...rows.map((r) => cols.map((c) => esc(r[c])).join(','))].join('\n') + '\n';
}

async function main() {
  const opt = cli();
  const env = { ...readDotenv(), ...process.env };
  const pattern = new RegExp(env.ODOO_DEV_DB_PATTERN || '^(dev|copy)_');
  if (!pattern.test(opt.db)) throw new Error(`database ${opt.db} does not match ${pattern}; refusing`);

  const odoo = new OdooRpc(env.ODOO_URL || 'http://localhost:8069', opt.db);
  await odoo.login(env.ODOO_USER || 'admin', env.ODOO_PASSWORD || 'admin');

  const [company] = await odoo.rpc('res.company', 'search_read', [[]], { fields: ['name', 'currency_id'], limit: 1 });
  const currency = company?.currency_id?.[1] || '';

  const domain = [['quantity', '!=', 0]];
  if (opt.warehouse) {
    const wh = await odoo.rpc('stock.warehouse', 'search_read', [[['code', '=', opt.warehouse]]], { fields: ['view_location_id'] });
    if (!wh.length) throw new Error(`warehouse ${opt.warehouse} not found`);
    domain.push(['location_id', 'child_of', wh[0].view_location_id[0]]);
  }
  domain.push(['location_id.usage', '=', 'internal']);

  const quants = await odoo.rpc('stock.quant', 'search_read', [domain], {
    fields: ['product_id', 'location_id', 'quantity', 'value', 'lot_id'],
  });
  const byProduct = new Map();
  for (const q of quants) {
    const key = q.product_id[0];
    const entry = byProduct.get(key) || { product: q.product_id[1], qty: 0, value: 0, locations: new Set() };
    entry.qty += q.quantity;
    entry.value += q.value || 0;
    entry.locations.add(q.location_id[1]);
    byProduct.set(key, entry);
  }

  const negatives = quants.filter((q) => q.quantity < 0);
  const rows = [...byProduct.values()]
    .map((e) => ({ ...e, locations: [...e.locations].join(' | '), unit: e.qty ? e.value / e.qty : 0 }))
    .sort((a, b) => b.value - a.value);
  const total = rows.reduce((s, r) => s + r.value, 0);

  const valuationLayers = await odoo.rpc('stock.valuation.layer', 'read_group', [[], ['value:sum'], []], { lazy: false });
  const layerTotal = valuationLayers[0]?.value || 0;

  console.log(`${company?.name || 'company'} — ${opt.db}${opt.warehouse ? ` / ${opt.warehouse}` : ''}`);
  console.log(`modules: ${(await describeDb(odoo)) || 'stock not installed?'}`);
  console.log(`products in stock: ${rows.length}, quants: ${quants.length}, negative quants: ${negatives.length}`);
  console.log(`total value (quants):           ${money(total, currency)}`);
  console.log(`total value (valuation layers): ${money(layerTotal, currency)}`);
  const diff = Math.abs(total - layerTotal);
  if (diff > 0.01 && !opt.warehouse) console.log(`  ⚠ difference of ${money(diff, currency)} between quants and layers`);
  console.log('');
  console.log(`top ${opt.top} products by value:`);
  for (const r of rows.slice(0, opt.top)) {
    console.log(`  ${r.product.slice(0, 48).padEnd(48)} ${r.qty.toFixed(2).padStart(12)} ${money(r.value).padStart(16)}`);
  }
  if (negatives.length) {
    console.log('');
    console.log('negative quants:');
    for (const q of negatives.slice(0, 20)) console.log(`  ${q.product_id[1]} @ ${q.location_id[1]}: ${q.quantity}`);
  }

  if (opt.csv) {
    const target = path.resolve(ROOT, opt.csv);
    if (!target.startsWith(ROOT + path.sep)) throw new Error('--csv must be inside the project');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, toCsv(rows, ['product', 'qty', 'unit', 'value', 'locations']));
    console.error(`[stock] wrote ${path.relative(ROOT, target)}`);
  }
  return diff > 0.01 && !opt.warehouse ? 2 : 0;
}

main().then(
  (c) => {
    process.exitCode = c;
  },
  (e) => {
    console.error(`[stock] ${e.message}`);
    process.exitCode = 1;
  },
);
