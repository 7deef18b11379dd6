#!/usr/bin/env -S npx tsx
// Backfill migration: move legacy `settings` JSON column into the user_preferences table.
import Database from "better-sqlite3";
import { existsSync, copyFileSync } from "node:fs";

const DB_PATH = process.env.SQLITE_PATH ?? "data/dev.sqlite";

interface LegacyRow {
  id: number;
  settings: string | null;
}

function backup(path: string): string {
  const copy = `${path}.bak-${Date.now()}`;
  copyFileSync(path, copy);
  return copy;
}

function migrate(db: Database.Database, dryRun: boolean): number {
  db.exec(`CREATE TABLE IF NOT EXISTS user_preferences (
    user_id INTEGER NOT NULL REFERENCES users(id),
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
  )`);
  const rows = db.prepare("SELECT id, settings FROM users WHERE settings IS NOT NULL").all() as LegacyRow[];
  const insert = db.prepare("INSERT OR REPLACE INTO user_preferences (user_id, key, value) VALUES (?, ?, ?)");
  let count = 0;
  const tx = db.transaction(() => {
    for (const r of rows) {
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(r.settings ?? "{}");
      } catch {
        console.warn(`user ${r.id}: invalid settings JSON, skipped`);
        continue;
      }
      for (const [k, v] of Object.entries(parsed)) {
        insert.run(r.id, k, JSON.stringify(v));
        count++;
      }
    }
    if (dryRun) throw new Error("__dry_run__");
  });
  try {
    tx();
  } catch (e) {
    if ((e as Error).message !== "__dry_run__") throw e;
  }
  return count;
}

function main(): void {
  if (!existsSync(DB_PATH)) {
    console.error(`${DB_PATH} not found`);
    process.exit(1);
  }
  const dryRun = process.argv.includes("--dry-run");
  if (!dryRun) console.log(`backup: ${backup(DB_PATH)}`);
  const db = new Database(DB_PATH);
  const n = migrate(db, dryRun);
  db.close();
  console.log(`${dryRun ? "would insert" : "inserted"} ${n} preference rows`);
}

main();
