#!/usr/bin/env node
/**
 * tools/budget.js - monthly budget report from the beancount ledger.
 *
 *   node tools/budget.js [--month 2026-11] [--csv] [--md]
 *
 * Runs bean-query against main.beancount (read-only), compares spending per
 * category with the budget in budget.yaml and prints a table. --csv writes
 * reports/budget-<month>.csv, --md writes reports/budget-<month>.md for the
 * household wiki page (a file in this repo; publishing it is manual).
 */
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const yaml = require('yaml');

const LEDGER_DIR = path.resolve(__dirname, '..');
const MAIN_FILE = path.join(LEDGER_DIR, 'main.beancount');
const BUDGET_FILE = path.join(LEDGER_DIR, 'budget.yaml');
const REPORTS = path.join(LEDGER_DIR, 'reports');

function previousMonth() {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

function parseArgs(argv) {
  const opts = { month: previousMonth(), csv: false, md: false };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--month') opts.month = argv[++i];
    else if (argv[i] === '--csv') opts.csv = true;
    else if (argv[i] === '--md') opts.md = true;
    else throw new Error(`unsupported option ${argv[i]}`);
  }
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(opts.month)) throw new Error('--month must be YYYY-MM');
  return opts;
}

function monthRange(month) {
  const [y, m] = month.split('-').map(Number);
  const start = `${month}-01`;
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { start, next };
}

function beanQuery(sql) {
  const out = execFileSync('bean-query', ['-f', 'csv', MAIN_FILE, sql], {
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
  const [header, ...lines] = out.trim().split('\n');
  const cols = header.split(',').map((c) => c.trim());
  return lines.filter(Boolean).map((l) => {
    const cells = l.split(',').map((c) => c.trim());
    return Object.fromEntries(cols.map((c, i) => [c, cells[i]]));
  });
}

function spending(month) {
  const { start, next } = monthRange(month);
  const rows = beanQuery(
    `SELECT root(account, 3) AS category, sum(number) AS total ` +
      `WHERE account ~ '^Expenses:' AND date >= ${start} AND date < ${next} AND currency = 'EUR' ` +
      `GROUP BY category ORDER BY category`,
  );
  return new Map(rows.map((r) => [r.category, Number(r.total)]));
}

function loadBudget() {
  const doc = yaml.parse(fs.readFileSync(BUDGET_FILE, 'utf8'));
  const out = new Map();
  for (const [category, amount] of Object.entries(doc.monthly || {})) out.set(category, Number(amount));
  return out;
}

function compare(budget, actual) {
  const categories = new Set([...budget.keys(), ...actual.keys()]);
  return [...categories].sort().map((category) => {
    const planned = budget.get(category) || 0;
    const spent = actual.get(category) || 0;
    const ratio = planned ? spent / planned : null;
    return { category, planned, spent, diff: planned - spent, ratio };
  });
}

function money(n) {
  return n.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function bar(ratio, width = 20) {
  if (ratio === null) return ' '.repeat(width);
  const filled = Math.min(width, Math.round(ratio * width));
  return `${'#'.repeat(filled)}${'.'.repeat(width - filled)}${ratio > 1 ? ' !' : ''}`;
}

function printTable(month, rows) {
  const w = Math.max(10, ...rows.map((r) => r.category.length));
  console.log(`Budget ${month}\n`);
  console.log(`${'category'.padEnd(w)}  ${'planned'.padStart(10)}  ${'spent'.padStart(10)}  ${'left'.padStart(10)}`);
  for (const r of rows) {
    console.log(
      `${r.category.padEnd(w)}  ${money(r.planned).padStart(10)}  ${money(r.spent).padStart(10)}  ${money(r.diff).padStart(10)}  ${bar(r.ratio)}`,
    );
  }
  const totals = rows.reduce((t, r) => ({ planned: t.planned + r.planned, spent: t.spent + r.spent }), { planned: 0, spent: 0 });
  console.log(`${'total'.padEnd(w)}  ${money(totals.planned).padStart(10)}  ${money(totals.spent).padStart(10)}  ${money(totals.planned - totals.spent).padStart(10)}`);
  return totals;
}

function writeCsv(month, rows) {
  fs.mkdirSync(REPORTS, { recursive: true });
  const file = path.join(REPORTS, `budget-${month}.csv`);
  const lines = ['category,planned,spent,left', ...rows.map((r) => [r.category, r.planned, r.spent.toFixed(2), r.diff.toFixed(2)].join(','))];
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  console.log(`wrote ${path.relative(LEDGER_DIR, file)}`);
}

function writeMarkdown(month, rows, totals) {
  fs.mkdirSync(REPORTS, { recursive: true });
  const file = path.join(REPORTS, `budget-${month}.md`);
  const over = rows.filter((r) => r.ratio !== null && r.ratio > 1);
  const md = [
    `# Budget ${month}`,
    '',
    '| Category | Planned | Spent | Left |',
    '|---|---:|---:|---:|',
    ...rows.map((r) => `| ${r.category} | ${money(r.planned)} | ${money(r.spent)} | ${money(r.diff)} |`),
    `| **Total** | **${money(totals.planned)}** | **${money(totals.spent)}** | **${money(totals.planned - totals.spent)}** |`,
    '',
    over.length ? `Over budget: ${over.map((r) => r.category.split(':').pop()).join(', ')}` : 'All categories within budget.',
    '',
  ].join('\n');
  fs.writeFileSync(file, md);
  console.log(`wrote ${path.relative(LEDGER_DIR, file)}`);
}

function unbudgeted(rows) {
  const extra = rows.filter((r) => r.planned === 0 && r.spent > 0);
  if (extra.length) {
    console.log('\nspending in categories without a budget:');
    extra.forEach((r) => console.log(`  ${r.category}: ${money(r.spent)}`));
  }
}

function trend(category, months = 6) {
  // spending in one category over the last N months, oldest first
  const out = [];
  const d = new Date();
  d.setDate(1);
  for (let i = months; i >= 1; i -= 1) {
    const m = new Date(d.getFullYear(), d.getMonth() - i, 1);
    const key = `${m.getFullYear()}-${String(m.getMonth() + 1).padStart(2, '0')}`;
    out.push({ month: key, spent: spending(key).get(category) || 0 });
  }
  return out;
}

function printTrend(category) {
  const rows = trend(category);
  const max = Math.max(1, ...rows.map((r) => r.spent));
  console.log(`\n${category}, last ${rows.length} months:`);
  for (const r of rows) {
    console.log(`  ${r.month}  ${money(r.spent).padStart(10)}  ${'#'.repeat(Math.round((30 * r.spent) / max))}`);
  }
}

function main() {
  const opts = parseArgs(process.argv.slice(2).filter((a) => !a.startsWith('--trend=')));
  if (!fs.existsSync(MAIN_FILE)) throw new Error('main.beancount not found');
  const trendArg = process.argv.find((a) => a.startsWith('--trend='));
  if (trendArg) {
    printTrend(trendArg.slice('--trend='.length));
    return;
  }
  const rows = compare(loadBudget(), spending(opts.month));
  const totals = printTable(opts.month, rows);
  unbudgeted(rows);
  if (opts.csv) writeCsv(opts.month, rows);
  if (opts.md) writeMarkdown(opts.month, rows, totals);
}

try {
  main();
} catch (err) {
  console.error(`budget: ${err.message}`);
  process.exit(1);
}
