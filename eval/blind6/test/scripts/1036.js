#!/usr/bin/env node
// Backfill the new `slug` column on projects in the local SQLite database.
'use strict';

const path = require('path');
const Database = require('better-sqlite3');

const DB_PATH = process.env.SQLITE_PATH || path.resolve('data', 'app.db');
const DRY_RUN = process.argv.includes('--dry-run');
const BATCH = 500;

function slugify(name) {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'project';
}

function uniqueSlug(base, taken) {
  let slug = base;
  let n = 2;
  while (taken.has(slug)) slug = `${base}-${n++}`;
  taken.add(slug);
  return slug;
}

function main() {
  const db = new Database(DB_PATH);
  db.pragma('journal_mode = WAL');
  const cols = db.prepare('PRAGMA table_info(projects)').all().map((c) => c.name);
  if (!cols.includes('slug')) {
    console.error('projects.slug does not exist; run the migration first');
    process.exit(1);
  }
  const taken = new Set(db.prepare('SELECT slug FROM projects WHERE slug IS NOT NULL').pluck().all());
  const rows = db.prepare('SELECT id, name FROM projects WHERE slug IS NULL ORDER BY id').all();
  const update = db.prepare('UPDATE projects SET slug = ? WHERE id = ?');
  const applyBatch = db.transaction((batch) => {
    for (const r of batch) update.run(r.slug, r.id);
  });
  let done = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH).map((r) => ({ id: r.id, slug: uniqueSlug(slugify(r.name), taken) }));
    if (DRY_RUN) batch.slice(0, 5).forEach((b) => console.log(`${b.id} -> ${b.slug}`));
    else applyBatch(batch);
    done += batch.length;
  }
  console.log(`${DRY_RUN ? 'would update' : 'updated'} ${done} row(s) in ${DB_PATH}`);
  db.close();
}

main();
