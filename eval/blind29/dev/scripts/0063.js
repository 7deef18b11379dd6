#!/usr/bin/env node
// Parse inbound X12 850 purchase orders from partner drop folders and turn
// them into JSON orders for the ERP import job; also builds the 997
// functional acknowledgements that go back to the partner.
//
//   node edi/parse-850.js                          # every partner in inbound/
//   node edi/parse-850.js --partner acme --ack     # also write 997s to outbound/
//
// Files are processed from inbound/<partner>/*.x12, results written to
// build/orders/<partner>/<control>.json, and the source moved into
// inbound/<partner>/processed/ only after the JSON was written successfully.
// Delimiters are read from the ISA segment (element separator at position 3,
// component separator at 104, segment terminator at 105).
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const INBOUND = path.join(ROOT, 'inbound');
const OUTBOUND = path.join(ROOT, 'outbound');
const ORDERS = path.join(ROOT, 'build', 'orders');

class X12Error extends Error {}

function delimiters(text) {
  if (!text.startsWith('ISA') || text.length < 106) throw new X12Error('missing or short ISA segment');
  return { element: text[3], component: text[104], segment: text[105] };
}

function segments(text) {
  const d = delimiters(text);
  return text
    .split(d.segment)
    .map((s) => s.replace(/^[\r\n]+/, ''))
    .filter(Boolean)
    .map((raw) => {
      const parts = raw.split(d.element);
      return { id: parts[0], el: parts, raw };
    });
}

function envelopes(segs) {
  const isa = segs.find((s) => s.id === 'ISA');
  const gs = segs.find((s) => s.id === 'GS');
  if (!isa || !gs) throw new X12Error('ISA/GS envelope missing');
  return {
    sender: isa.el[6].trim(),
    receiver: isa.el[8].trim(),
    control: isa.el[13],
    usage: isa.el[15],
    groupControl: gs.el[6],
    functionalId: gs.el[1],
    version: gs.el[8],
  };
}

function transactions(segs) {
  const out = [];
  let current = null;
  for (const s of segs) {
    if (s.id === 'ST') current = { type: s.el[1], control: s.el[2], segs: [s] };
    else if (current) {
      current.segs.push(s);
      if (s.id === 'SE') {
        const declared = Number(s.el[1]);
        if (declared !== current.segs.length) {
          current.error = `SE01 says ${declared} segments, counted ${current.segs.length}`;
        }
        out.push(current);
        current = null;
      }
    }
  }
  if (current) throw new X12Error(`transaction ${current.control} has no SE`);
  return out;
}

function parseDate(ccyymmdd) {
  if (!/^\d{8}$/.test(ccyymmdd || '')) return null;
  return `${ccyymmdd.slice(0, 4)}-${ccyymmdd.slice(4, 6)}-${ccyymmdd.slice(6, 8)}`;
}

function order850(tx, env) {
  const order = { partner: env.sender, control: tx.control, lines: [], shipTo: null, dates: {} };
  let party = null;
  for (const s of tx.segs) {
    switch (s.id) {
      case 'BEG':
        order.purpose = s.el[1];
        order.poNumber = s.el[3];
        order.poDate = parseDate(s.el[5]);
        break;
      case 'CUR':
        order.currency = s.el[2];
        break;
      case 'DTM':
        order.dates[s.el[1]] = parseDate(s.el[2]);
        break;
      case 'N1':
        party = { code: s.el[1], name: s.el[2], idQualifier: s.el[3], id: s.el[4] };
        if (party.code === 'ST') order.shipTo = party;
        break;
      case 'N3':
        if (party) party.street = [s.el[1], s.el[2]].filter(Boolean).join(', ');
        break;
      case 'N4':
        if (party) Object.assign(party, { city: s.el[1], state: s.el[2], zip: s.el[3], country: s.el[4] });
        break;
      case 'PO1': {
        const ids = {};
        for (let i = 6; i + 1 < s.el.length; i += 2) ids[s.el[i]] = s.el[i + 1];
        order.lines.push({
          line: s.el[1],
          qty: Number(s.el[2]),
          uom: s.el[3],
          price: Number(s.el[4]),
          buyerPart: ids.BP,
          vendorPart: ids.VP || ids.VN,
          upc: ids.UP,
        });
        break;
      }
      case 'CTT':
        order.declaredLines = Number(s.el[1]);
        break;
      default:
        break;
    }
  }
  if (order.declaredLines && order.declaredLines !== order.lines.length) {
    tx.error = `CTT01 ${order.declaredLines} but ${order.lines.length} PO1 lines`;
  }
  order.total = Number(order.lines.reduce((sum, l) => sum + l.qty * l.price, 0).toFixed(2));
  return order;
}

function build997(env, txs, ourId) {
  const now = new Date();
  const ymd = now.toISOString().slice(2, 10).replace(/-/g, '');
  const hm = now.toISOString().slice(11, 16).replace(':', '');
  const ctrl = String(Date.now() % 1e9).padStart(9, '0');
  const body = [
    ['ST', '997', '0001'],
    ['AK1', env.functionalId, env.groupControl],
    ...txs.flatMap((t) => [['AK2', t.type, t.control], ['AK5', t.error ? 'R' : 'A']]),
    ['AK9', txs.some((t) => t.error) ? 'P' : 'A', String(txs.length), String(txs.length), String(txs.filter((t) => !t.error).length)],
  ];
  body.push(['SE', String(body.length + 1), '0001']);
  const pad = (s, n) => String(s).padEnd(n);
  const isa = ['ISA', '00', pad('', 10), '00', pad('', 10), 'ZZ', pad(ourId, 15), 'ZZ', pad(env.sender, 15), ymd, hm, 'U', '00401', ctrl, '0', env.usage, '>'];
  const gs = ['GS', 'FA', ourId, env.sender, `20${ymd}`, hm, ctrl.replace(/^0+/, '') || '1', 'X', '004010'];
  const all = [isa, gs, ...body, ['GE', '1', gs[6]], ['IEA', '1', ctrl]];
  return all.map((s) => s.join('*')).join('~\n') + '~\n';
}

function writeAtomic(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, content);
  fs.renameSync(tmp, file);
}

function processFile(partner, file, opts) {
  const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const segs = segments(text);
  const env = envelopes(segs);
  const txs = transactions(segs);
  const orders = txs.filter((t) => t.type === '850').map((t) => order850(t, env));
  for (const o of orders) writeAtomic(path.join(ORDERS, partner, `${env.control}-${o.control}.json`), JSON.stringify(o, null, 2));
  if (opts.ack) writeAtomic(path.join(OUTBOUND, partner, `997-${env.control}.x12`), build997(env, txs, opts.ourId));
  const processed = path.join(path.dirname(file), 'processed');
  fs.mkdirSync(processed, { recursive: true });
  fs.renameSync(file, path.join(processed, path.basename(file)));
  return { orders: orders.length, rejected: txs.filter((t) => t.error).map((t) => `${t.control}: ${t.error}`) };
}

function main() {
  const args = process.argv.slice(2);
  const opts = { partner: null, ack: args.includes('--ack'), ourId: process.env.EDI_SENDER_ID || 'OURCOMPANY' };
  const pi = args.indexOf('--partner');
  if (pi >= 0) opts.partner = args[pi + 1];
  if (!fs.existsSync(INBOUND)) {
    console.error('[850] no inbound/ folder');
    return 0;
  }
  const partners = opts.partner ? [opts.partner] : fs.readdirSync(INBOUND).filter((d) => fs.statSync(path.join(INBOUND, d)).isDirectory());
  let total = 0;
  let errors = 0;
  for (const partner of partners) {
    const dir = path.join(INBOUND, partner);
    for (const name of fs.readdirSync(dir).filter((f) => f.toLowerCase().endsWith('.x12'))) {
      try {
        const res = processFile(partner, path.join(dir, name), opts);
        total += res.orders;
        for (const r of res.rejected) console.error(`[850] ${partner}/${name}: rejected ${r}`);
        errors += res.rejected.length;
      } catch (err) {
        errors++;
        console.error(`[850] ${partner}/${name}: ${err instanceof X12Error ? err.message : err.stack}`);
      }
    }
  }
  console.error(`[850] ${total} order(s) parsed, ${errors} problem(s)`);
  return errors ? 1 : 0;
}

process.exitCode = main();
