#!/usr/bin/env -S npx tsx
// Integration test for the migration runner against a throwaway SQLite
// file in a mkdtemp directory. The directory is removed in afterAll, and
// the test asserts it is gone.
import { mkdtempSync, rmSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";

interface Migration {
  id: number;
  name: string;
  sql: string;
}

function loadMigrations(dir: string): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({
      id: parseInt(f, 10),
      name: f,
      sql: require("node:fs").readFileSync(join(dir, f), "utf8") as string,
    }));
}

function migrate(db: Database.Database, migrations: Migration[]): number[] {
  db.exec("CREATE TABLE IF NOT EXISTS _migrations (id INTEGER PRIMARY KEY, name TEXT, at TEXT)");
  const done = new Set((db.prepare("SELECT id FROM _migrations").all() as { id: number }[]).map((r) => r.id));
  const applied: number[] = [];
  const insert = db.prepare("INSERT INTO _migrations (id, name, at) VALUES (?, ?, datetime('now'))");
  for (const m of migrations) {
    if (done.has(m.id)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      insert.run(m.id, m.name);
    })();
    applied.push(m.id);
  }
  return applied;
}

describe("migration runner", () => {
  let dir: string;
  let migrationsDir: string;
  let db: Database.Database;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "migrate-test-"));
    migrationsDir = join(dir, "migrations");
    require("node:fs").mkdirSync(migrationsDir);
    writeFileSync(join(migrationsDir, "001_users.sql"), "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE);");
    writeFileSync(join(migrationsDir, "002_orders.sql"), "CREATE TABLE orders (id INTEGER PRIMARY KEY, user_id INTEGER);");
    db = new Database(join(dir, "test.sqlite3"));
  });

  afterAll(() => {
    db?.close();
    rmSync(dir, { recursive: true, force: true });
    expect(existsSync(dir)).toBe(false);
  });

  it("applies all migrations in order", () => {
    expect(migrate(db, loadMigrations(migrationsDir))).toEqual([1, 2]);
  });

  it("is idempotent", () => {
    expect(migrate(db, loadMigrations(migrationsDir))).toEqual([]);
  });

  it("applies only new files", () => {
    writeFileSync(join(migrationsDir, "003_index.sql"), "CREATE INDEX orders_user ON orders(user_id);");
    expect(migrate(db, loadMigrations(migrationsDir))).toEqual([3]);
  });

  it("rolls back a failing migration", () => {
    writeFileSync(join(migrationsDir, "004_bad.sql"), "CREATE TABLE broken (; DROP TABLE users;");
    expect(() => migrate(db, loadMigrations(migrationsDir))).toThrow();
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type='table'").all() as { name: string }[];
    expect(tables.map((t) => t.name)).toContain("users");
    rmSync(join(migrationsDir, "004_bad.sql"));
  });

  it("records applied migrations", () => {
    const rows = db.prepare("SELECT id FROM _migrations ORDER BY id").all() as { id: number }[];
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });
});
