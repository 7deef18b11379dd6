#!/usr/bin/env node
// migrate-fixtures.js - upgrade test fixtures in tests/fixtures/*.json from schema v1 to v2.
//  v2: `name` split into `firstName`/`lastName`, `tags` string -> array, adds `schemaVersion`.
'use strict';

const fs = require('fs');
const path = require('path');

const DIR = path.resolve(process.argv[2] || 'tests/fixtures');
const BACKUP = path.join(DIR, '.v1-backup');
const check = process.argv.includes('--check');

function migrateUser(u) {
  if (u.schemaVersion === 2) return u;
  const [firstName, ...rest] = String(u.name || '').trim().split(/\s+/);
  const { name, tags, ...others } = u;
  return {
    ...others,
    firstName: firstName || '',
    lastName: rest.join(' '),
    tags: Array.isArray(tags) ? tags : String(tags || '').split(',').map((t) => t.trim()).filter(Boolean),
    schemaVersion: 2,
  };
}

function migrateDoc(doc) {
  if (Array.isArray(doc)) return doc.map(migrateUser);
  if (doc && Array.isArray(doc.users)) return { ...doc, users: doc.users.map(migrateUser) };
  return doc;
}

function main() {
  const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.json'));
  let changed = 0;
  if (!check) fs.mkdirSync(BACKUP, { recursive: true });
  for (const f of files) {
    const full = path.join(DIR, f);
    const before = fs.readFileSync(full, 'utf8');
    const after = JSON.stringify(migrateDoc(JSON.parse(before)), null, 2) + '\n';
    if (after === before) continue;
    changed++;
    console.log(`${check ? 'needs migration' : 'migrated'}: ${f}`);
    if (!check) {
      fs.copyFileSync(full, path.join(BACKUP, f));
      fs.writeFileSync(full, after);
    }
  }
  console.log(`${changed}/${files.length} fixture file(s) ${check ? 'outdated' : 'migrated'}`);
  if (!check && changed === 0) fs.rmSync(BACKUP, { recursive: true, force: true });
  if (check && changed) process.exit(1);
}

main();
