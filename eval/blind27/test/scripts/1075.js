#!/usr/bin/env node
// Check our photo catalogue against the community lens-correction database
// mirror and list lenses that have no profile yet.
'use strict';

const fs = require('fs');
const path = require('path');

const CATALOGUE = path.join(__dirname, '..', 'build', 'catalogue.json');
const LENS_DB = 'http://lensdb.photo-community.example.org/api/lenses.json';

async function main() {
  const entries = JSON.parse(fs.readFileSync(CATALOGUE, 'utf8'));
  const ours = new Set(entries.map((e) => e.lens).filter(Boolean));
  const res = await fetch(LENS_DB);
  if (!res.ok) throw new Error(`lens DB returned ${res.status}`);
  const db = await res.json();
  const known = new Set(db.lenses.map((l) => l.model));
  const missing = [...ours].filter((l) => !known.has(l));
  console.log(`${ours.size} lens model(s) in catalogue, ${missing.length} without correction profile`);
  for (const m of missing) console.log(`  ${m}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
