#!/usr/bin/env -S npx tsx
// Schema migrations for the embedded SQLite store used by the desktop app.
// Migrations are TypeScript objects so they can run data fix-ups too.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

const DB_PATH = process.env.APP_DB ?? join(process.cwd(), 'data', 'app.db');

interface Migration {
  version: number;
  name: string;
  up: (db: Database.Database) => void;
}

const migrations: Migration[] = [
  {
    version: 1,
    name: 'create notes',
    up: (db) => db.exec(`CREATE TABLE notes (
      id INTEGER PRIMARY KEY,
      title TEXT NOT NULL,
      body TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL DEFAULT (datetime('now'))
    )`),
  },
  {
    version: 2,
    name: 'add tags',
    up: (db) => {
      db.exec('CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL)');
      db.exec('CREATE TABLE note_tags (note_id INTEGER REFERENCES notes(id) ON DELETE CASCADE, tag_id INTEGER REFERENCES tags(id), PRIMARY KEY (note_id, tag_id))');
    },
  },
  {
    version: 3,
    name: 'normalise empty titles',
    up: (db) => {
      const fix = db.prepare("UPDATE notes SET title = 'Untitled' WHERE trim(title) = ''");
      console.log(`  fixed ${fix.run().changes} empty title(s)`);
    },
  },
  {
    version: 4,
    name: 'full text index',
    up: (db) => {
      db.exec("CREATE VIRTUAL TABLE notes_fts USING fts5(title, body, content='notes', content_rowid='id')");
      db.exec("INSERT INTO notes_fts(notes_fts) VALUES ('rebuild')");
    },
  },
];

function currentVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function migrate(db: Database.Database, target = migrations.at(-1)!.version): void {
  const from = currentVersion(db);
  const pending = migrations.filter((m) => m.version > from && m.version <= target);
  if (!pending.length) {
    console.log(`schema at v${from}; nothing to do`);
    return;
  }
  for (const m of pending) {
    console.log(`v${m.version}: ${m.name}`);
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
  console.log(`migrated v${from} -> v${currentVersion(db)}`);
}

mkdirSync(dirname(DB_PATH), { recursive: true });
const db = new Database(DB_PATH);
db.pragma('journal_mode = WAL');
db.pragma('foreign_keys = ON');
const targetArg = process.argv.find((a) => a.startsWith('--to='));
migrate(db, targetArg ? Number(targetArg.slice(5)) : undefined);
db.close();
