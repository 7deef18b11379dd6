#!/usr/bin/env node
// tools/csv2ledger.js - convert bank CSV exports into ledger-cli transactions.
//
//   node tools/csv2ledger.js                    preview all new rows
//   node tools/csv2ledger.js --write            append to books/<year>.ledger
//   node tools/csv2ledger.js --bank dkb --write only one bank profile
//
// Bank profiles and payee rules live in tools/banks.json and tools/rules.json.
// CSVs are read from inbox/<bank>/; processed files move to inbox/<bank>/done/.
// A hash of every imported row is stored in books/.imported so re-running is
// idempotent. Nothing leaves this directory.
'use strict';

const fs = require('fs');
const path = require('path');
const crypto = require('crypto');

const ROOT = path.resolve(__dirname, '..');
const INBOX = path.join(ROOT, 'inbox');
const BOOKS = path.join(ROOT, 'books');
const SEEN_FILE = path.join(BOOKS, '.imported');
const banks = JSON.parse(fs.readFileSync(path.join(__dirname, 'banks.json'), 'utf8'));
const rules = JSON.parse(fs.readFileSync(path.join(__dirname, 'rules.json'), 'utf8')).map((r) => ({
  re: new RegExp(r.match, 'i'),
  account: r.account,
  payee: r.payee,
}));

function parseLine(line, delimiter) {
  const cells = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i += 1;
      } else if (ch === '"') {
        quoted = false;
      } else {
        cur += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === delimiter) {
      cells.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  cells.push(cur);
  return cells.map((c) => c.trim());
}

function readCsv(file, profile) {
  const text = fs.readFileSync(file, profile.encoding || 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const headerIdx = lines.findIndex((l) => l.includes(profile.columns.date));
  if (headerIdx < 0) throw new Error(`${path.basename(file)}: header not found`);
  const header = parseLine(lines[headerIdx], profile.delimiter);
  return lines.slice(headerIdx + 1).map((l) => {
    const cells = parseLine(l, profile.delimiter);
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
  });
}

function parseDate(s, fmt) {
  if (fmt === 'DD.MM.YYYY') {
    const [d, m, y] = s.split('.');
    return `${y.length === 2 ? `20${y}` : y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  }
  if (fmt === 'MM/DD/YYYY') {
    const [m, d, y] = s.split('/');
    return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  }
  return s.slice(0, 10);
}

function parseAmount(s, decimalComma) {
  let t = s.replace(/[\s\u00a0€$£]/g, '');
  t = decimalComma ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  const n = Number(t);
  if (Number.isNaN(n)) throw new Error(`bad amount '${s}'`);
  return n;
}

function categorize(text, amount) {
  for (const rule of rules) {
    if (rule.re.test(text)) return rule;
  }
  return { account: amount < 0 ? 'Expenses:Unknown' : 'Income:Unknown', payee: null };
}

function rowHash(bank, row) {
  const keys = Object.keys(row).sort();
  const h = crypto.createHash('sha256');
  h.update(bank);
  for (const k of keys) h.update(`|${k}=${row[k]}`);
  return h.digest('hex').slice(0, 16);
}

function toTxn(bankName, profile, row) {
  const c = profile.columns;
  const date = parseDate(row[c.date], profile.dateFormat);
  const amount = parseAmount(row[c.amount], profile.decimalComma);
  const text = [row[c.payee], row[c.memo]].filter(Boolean).join(' ');
  const rule = categorize(text, amount);
  const payee = (rule.payee || row[c.payee] || 'Unknown').replace(/\s+/g, ' ').slice(0, 60);
  const fmt = (n) => n.toFixed(2).padStart(12);
  const memo = (row[c.memo] || '').replace(/\s+/g, ' ').slice(0, 100);
  return {
    hash: rowHash(bankName, row),
    year: date.slice(0, 4),
    date,
    text: [
      `${date} ${payee}`,
      memo ? `    ; ${memo}` : null,
      `    ${rule.account.padEnd(40)} ${profile.currency} ${fmt(-amount)}`,
      `    ${profile.account}`,
      '',
    ].filter((l) => l !== null).join('\n'),
  };
}

function loadSeen() {
  try {
    return new Set(fs.readFileSync(SEEN_FILE, 'utf8').split('\n').filter(Boolean));
  } catch {
    return new Set();
  }
}

function main() {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const only = args.includes('--bank') ? args[args.indexOf('--bank') + 1] : null;
  const seen = loadSeen();
  const fresh = [];
  const processed = [];
  for (const [bankName, profile] of Object.entries(banks)) {
    if (only && only !== bankName) continue;
    const dir = path.join(INBOX, bankName);
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir).filter((n) => /\.csv$/i.test(n)).sort()) {
      const file = path.join(dir, f);
      let rows;
      try {
        rows = readCsv(file, profile);
      } catch (err) {
        console.error(`skip ${bankName}/${f}: ${err.message}`);
        continue;
      }
      const txns = rows.filter((r) => r[profile.columns.date]).map((r) => toTxn(bankName, profile, r));
      const newOnes = txns.filter((t) => !seen.has(t.hash));
      newOnes.forEach((t) => seen.add(t.hash));
      fresh.push(...newOnes);
      processed.push(file);
      console.log(`${bankName}/${f}: ${txns.length} rows, ${newOnes.length} new`);
    }
  }
  fresh.sort((a, b) => a.date.localeCompare(b.date));
  if (!write) {
    fresh.slice(0, 15).forEach((t) => console.log(t.text));
    console.log(`${fresh.length} new transaction(s); preview only, use --write`);
    return;
  }
  fs.mkdirSync(BOOKS, { recursive: true });
  const byYear = new Map();
  for (const t of fresh) byYear.set(t.year, [...(byYear.get(t.year) || []), t]);
  for (const [year, list] of byYear) {
    fs.appendFileSync(path.join(BOOKS, `${year}.ledger`), `\n${list.map((t) => t.text).join('\n')}`);
  }
  fs.writeFileSync(SEEN_FILE, [...seen].join('\n') + '\n');
  for (const file of processed) {
    const done = path.join(path.dirname(file), 'done');
    fs.mkdirSync(done, { recursive: true });
    fs.renameSync(file, path.join(done, path.basename(file)));
  }
  console.log(`appended ${fresh.length} transaction(s) to ${byYear.size} journal(s)`);
}

main();
