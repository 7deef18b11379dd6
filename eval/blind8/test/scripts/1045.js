#!/usr/bin/env node
// Refresh the public-holiday calendar used by the scheduling tests.
'use strict';

const fs = require('fs');
const path = require('path');

const YEAR = Number(process.argv[2] || new Date().getFullYear());
const COUNTRIES = (process.env.COUNTRIES || 'DE,FR,GB,US').split(',');
const SOURCE = (country, year) => `https://holidays.example.org/api/${year}/${country}.json`;
const OUT_DIR = path.join('tests', 'fixtures', 'holidays');

async function fetchHolidays(country, year) {
  const res = await fetch(SOURCE(country, year), { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${country}: HTTP ${res.status}`);
  const data = await res.json();
  return data.map((d) => ({ date: d.date, name: d.localName || d.name })).sort((a, b) => a.date.localeCompare(b.date));
}

function write(country, year, holidays) {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, `${country}-${year}.json`);
  fs.writeFileSync(file, JSON.stringify(holidays, null, 2) + '\n');
  return file;
}

async function main() {
  let failed = 0;
  for (const c of COUNTRIES) {
    try {
      const list = await fetchHolidays(c, YEAR);
      const file = write(c, YEAR, list);
      console.log(`${c}: ${list.length} holidays -> ${file}`);
    } catch (e) {
      failed++;
      console.error(e.message);
    }
  }
  if (failed) {
    console.error(`${failed} country(ies) failed`);
    process.exitCode = 1;
  }
}

main();
