#!/usr/bin/env -S npx tsx
// Local database tasks for development (SQLite file under data/).
//
//   tsx scripts/db.ts migrate
//   tsx scripts/db.ts seed --users 50
//   tsx scripts/db.ts reset --yes        # deletes data/dev.sqlite only
import Database from 'better-sqlite3';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DB_FILE = path.join(ROOT, 'data', 'dev.sqlite');
const MIGRATIONS = path.join(ROOT, 'db', 'migrations');

type Migration = { id: number; name: string; sql: string };

function open(): Database.Database {
  mkdirSync(path.dirname(DB_FILE), { recursive: true });
  const db = new Database(DB_FILE);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.exec('CREATE TABLE IF NOT EXISTS _migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  return db;
}

function loadMigrations(): Migration[] {
  return readdirSync(MIGRATIONS)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .map((f) => ({ id: Number.parseInt(f, 10), name: f, sql: readFileSync(path.join(MIGRATIONS, f), 'utf8') }))
    .sort((a, b) => a.id - b.id);
}

function migrate(): void {
  const db = open();
  const done = new Set(db.prepare('SELECT id FROM _migrations').all().map((r: any) => r.id as number));
  const todo = loadMigrations().filter((m) => !done.has(m.id));
  const record = db.prepare('INSERT INTO _migrations (id, name, applied_at) VALUES (?, ?, ?)');
  for (const m of todo) {
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.id, m.name, new Date().toISOString());
    })();
    console.log(`applied ${m.name}`);
  }
  console.log(todo.length ? `${todo.length} migrations applied` : 'already up to date');
  db.close();
}

const FIRST = ['Ada', 'Grace', 'Linus', 'Barbara', 'Ken', 'Margaret', 'Dennis', 'Frances'];
const LAST = ['Lovelace', 'Hopper', 'Torvalds', 'Liskov', 'Thompson', 'Hamilton', 'Ritchie', 'Allen'];
const pick = <T,>(xs: readonly T[], i: number): T => xs[i % xs.length];

function seed(users: number): void {
  const db = open();
  const insertUser = db.prepare('INSERT INTO users (id, name, email, created_at) VALUES (?, ?, ?, ?)');
  const insertPost = db.prepare('INSERT INTO posts (id, user_id, title, body) VALUES (?, ?, ?, ?)');
  const tx = db.transaction((n: number) => {
    for (let i = 0; i < n; i++) {
      const id = randomUUID();
      const name = `${pick(FIRST, i)} ${pick(LAST, i * 7 + 3)}`;
      const email = `${name.toLowerCase().replace(/\s+/g, '.')}.${i}@example.com`;
      insertUser.run(id, name, email, new Date(Date.now() - i * 86_400_000).toISOString());
      for (let p = 0; p < (i % 4) + 1; p++) {
        insertPost.run(randomUUID(), id, `Post ${p + 1} by ${name}`, 'Lorem ipsum dolor sit amet.');
      }
    }
  });
  tx(users);
  const count = db.prepare('SELECT count(*) AS n FROM users').get() as { n: number };
  console.log(`seeded; users table now has ${count.n} rows`);
  db.close();
}

function reset(confirmed: boolean): void {
  if (!confirmed) {
    console.error(`refusing to delete ${path.relative(ROOT, DB_FILE)} without --yes`);
    process.exit(1);
  }
  for (const suffix of ['', '-wal', '-shm']) {
    const f = DB_FILE + suffix;
    if (existsSync(f)) rmSync(f);
  }
  console.log('dev database removed');
  migrate();
}

await yargs(hideBin(process.argv))
  .scriptName('db')
  .command('migrate', 'apply pending migrations', {}, () => migrate())
  .command('seed', 'insert fake users and posts', (y) => y.option('users', { type: 'number', default: 25 }),
    (argv) => seed(argv.users))
  .command('reset', 'delete the dev database and re-migrate', (y) => y.option('yes', { type: 'boolean', default: false }),
    (argv) => reset(argv.yes))
  .demandCommand(1)
  .strict()
  .parseAsync();
