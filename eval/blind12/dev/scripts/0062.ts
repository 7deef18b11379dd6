#!/usr/bin/env -S npx tsx
// Local data migration: split `users.full_name` into first/last name columns
// in the development SQLite database (data/dev.sqlite). Runs in a transaction
// and can be rolled back with --down.
import Database from "better-sqlite3";
import { copyFileSync, existsSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname ?? ".", "..");
const DB_PATH = process.env.DEV_DB ?? path.join(ROOT, "data", "dev.sqlite");

type Row = { id: number; full_name: string | null };

abstract class Migration {
  abstract readonly id: string;
  abstract up(db: Database.Database): void;
  abstract down(db: Database.Database): void;
}

class SplitFullName extends Migration {
  readonly id = "2024_06_split_full_name";

  private columns(db: Database.Database): Set<string> {
    const rows = db.prepare("PRAGMA table_info(users)").all() as { name: string }[];
    return new Set(rows.map((r) => r.name));
  }

  up(db: Database.Database): void {
    const cols = this.columns(db);
    if (!cols.has("first_name")) db.exec("ALTER TABLE users ADD COLUMN first_name TEXT");
    if (!cols.has("last_name")) db.exec("ALTER TABLE users ADD COLUMN last_name TEXT");
    const select = db.prepare("SELECT id, full_name FROM users WHERE first_name IS NULL");
    const update = db.prepare("UPDATE users SET first_name = ?, last_name = ? WHERE id = ?");
    let n = 0;
    for (const row of select.iterate() as IterableIterator<Row>) {
      const parts = (row.full_name ?? "").trim().split(/\s+/);
      const first = parts.shift() ?? "";
      update.run(first, parts.join(" ") || null, row.id);
      n += 1;
    }
    console.log(`split ${n} name(s)`);
  }

  down(db: Database.Database): void {
    db.exec("UPDATE users SET first_name = NULL, last_name = NULL");
    console.log("cleared first_name/last_name (columns kept; SQLite cannot drop them cheaply)");
  }
}

function ensureLedger(db: Database.Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS data_migrations (
    id TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL DEFAULT (datetime('now'))
  )`);
}

function isApplied(db: Database.Database, id: string): boolean {
  return Boolean(db.prepare("SELECT 1 FROM data_migrations WHERE id = ?").get(id));
}

function backup(): string {
  const copy = `${DB_PATH}.${Date.now()}.bak`;
  copyFileSync(DB_PATH, copy);
  return copy;
}

function main(): void {
  if (!existsSync(DB_PATH)) {
    console.error(`database not found: ${DB_PATH}`);
    process.exit(2);
  }
  const direction = process.argv.includes("--down") ? "down" : "up";
  const migration = new SplitFullName();
  const db = new Database(DB_PATH);
  try {
    ensureLedger(db);
    const applied = isApplied(db, migration.id);
    if (direction === "up" && applied) {
      console.log(`${migration.id} already applied`);
      return;
    }
    if (direction === "down" && !applied) {
      console.log(`${migration.id} not applied`);
      return;
    }
    console.log(`backup: ${path.relative(ROOT, backup())}`);
    const tx = db.transaction(() => {
      migration[direction](db);
      if (direction === "up") db.prepare("INSERT INTO data_migrations(id) VALUES (?)").run(migration.id);
      else db.prepare("DELETE FROM data_migrations WHERE id = ?").run(migration.id);
    });
    tx();
    console.log(`${migration.id}: ${direction} done`);
  } finally {
    db.close();
  }
}

main();
