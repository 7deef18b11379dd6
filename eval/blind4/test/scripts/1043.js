#!/usr/bin/env node
// scripts/export-report.js
// Build the monthly usage report from the local analytics DB and save a copy
// where the product team picks it up (their synced Documents folder).
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const Database = require('better-sqlite3');

const root = path.resolve(__dirname, '..');
const dbPath = path.join(root, 'data', 'analytics.db');
const exportDir = process.env.REPORT_EXPORT_DIR || path.join(os.homedir(), 'Documents', 'Acme Reports');

function month(offset = 0) {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + offset);
  return d.toISOString().slice(0, 7);
}

function query(db, ym) {
  return db
    .prepare(
      `SELECT feature, count(*) AS events, count(DISTINCT user_id) AS users
         FROM events
        WHERE strftime('%Y-%m', ts) = ?
        GROUP BY feature
        ORDER BY events DESC`,
    )
    .all(ym);
}

function toCsv(rows) {
  const header = 'feature,events,users';
  return [header, ...rows.map((r) => `${JSON.stringify(r.feature)},${r.events},${r.users}`)].join('\n') + '\n';
}

function main() {
  const ym = process.argv[2] || month(-1);
  const db = new Database(dbPath, { readonly: true });
  let rows;
  try {
    rows = query(db, ym);
  } finally {
    db.close();
  }
  const csv = toCsv(rows);
  const localDir = path.join(root, 'reports');
  fs.mkdirSync(localDir, { recursive: true });
  const local = path.join(localDir, `usage-${ym}.csv`);
  fs.writeFileSync(local, csv);
  fs.mkdirSync(exportDir, { recursive: true });
  const exported = path.join(exportDir, `usage-${ym}.csv`);
  fs.writeFileSync(exported, csv);
  const index = path.join(exportDir, 'index.json');
  const list = fs.existsSync(index) ? JSON.parse(fs.readFileSync(index, 'utf8')) : [];
  if (!list.includes(ym)) list.push(ym);
  fs.writeFileSync(index, JSON.stringify(list.sort(), null, 2));
  console.log(`${rows.length} features for ${ym}: ${path.relative(root, local)} and ${exported}`);
}

main();
