#!/usr/bin/env node
// Migrate the local SQLite dev database: add tags table and backfill from posts.
'use strict';

const path = require('path');
const fs = require('fs');
const Database = require('better-sqlite3');

const DB_PATH = process.env.DEV_DB || path.join('data', 'dev.db');
const dry = process.argv.includes('--dry-run');

function backup(file) {
  const dest = `${file}.${Date.now()}.bak`;
  fs.copyFileSync(file, dest);
  console.log('backup at', dest);
  return dest;
}

function hasTable(db, name) {
  return !!db.prepare("SELECT 1 FROM sqlite_master WHERE type='table' AND name=?").get(name);
}

function migrate(db) {
  db.exec(`
    CREATE TABLE IF NOT EXISTS tags (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL);
    CREATE TABLE IF NOT EXISTS post_tags (
      post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
      tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
      PRIMARY KEY (post_id, tag_id)
    );
  `);
  const posts = db.prepare('SELECT id, tag_csv FROM posts WHERE tag_csv IS NOT NULL').all();
  const insTag = db.prepare('INSERT OR IGNORE INTO tags (name) VALUES (?)');
  const getTag = db.prepare('SELECT id FROM tags WHERE name = ?');
  const link = db.prepare('INSERT OR IGNORE INTO post_tags (post_id, tag_id) VALUES (?, ?)');
  let links = 0;
  for (const p of posts) {
    for (const raw of p.tag_csv.split(',')) {
      const name = raw.trim().toLowerCase();
      if (!name) continue;
      insTag.run(name);
      link.run(p.id, getTag.get(name).id);
      links++;
    }
  }
  return { posts: posts.length, links };
}

function main() {
  if (!fs.existsSync(DB_PATH)) {
    console.error('no dev database at', DB_PATH);
    process.exit(1);
  }
  if (!dry) backup(DB_PATH);
  const db = new Database(DB_PATH);
  db.pragma('foreign_keys = ON');
  if (!hasTable(db, 'posts')) throw new Error('posts table missing');
  const tx = db.transaction(() => migrate(db));
  const result = tx();
  if (dry) console.log('dry run (transaction committed only with real run)');
  console.log(`backfilled ${result.links} links from ${result.posts} posts`);
  db.close();
}

main();
