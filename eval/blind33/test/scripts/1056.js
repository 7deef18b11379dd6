#!/usr/bin/env node
// Compute derived columns for the NocoDB "readings" table. The formula for
// each column is stored as JavaScript in the table's meta description so
// analysts can change it without a deploy.
'use strict';

const NOCODB = process.env.NOCODB_URL || 'http://localhost:8090';
const TOKEN = process.env.NOCODB_TOKEN || '';

async function nc(route) {
  const res = await fetch(`${NOCODB}/api/v2${route}`, { headers: { 'xc-token': TOKEN } });
  if (!res.ok) throw new Error(`${route}: ${res.status}`);
  return res.json();
}

async function main() {
  const table = process.argv[2];
  if (!table) throw new Error('usage: derive.js <table-id>');
  const meta = await nc(`/meta/tables/${table}`);
  const formulas = JSON.parse(meta.meta?.description || '{}');
  const { list } = await nc(`/tables/${table}/records?limit=100`);
  for (const [column, source] of Object.entries(formulas)) {
    const fn = eval(`(row) => (${source})`);
    const values = list.map((row) => fn(row));
    console.log(`${column}: ${values.slice(0, 5).join(', ')}${values.length > 5 ? ', ...' : ''}`);
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
