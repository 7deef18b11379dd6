#!/usr/bin/env -S npx tsx
// scripts/migrate-dev-db.ts - migrations for the Electron app's local SQLite
// dev database (userData/dev.sqlite lives inside ./.devdata for development).
import Database from "better-sqlite3";
import { readdirSync, readFileSync, mkdirSync, existsSync, unlinkSync } from "node:fs";
import path from "node:path";

const APP_ROOT = path.join(__dirname, "..");
const DATA_DIR = path.join(APP_ROOT, ".devdata");
const DB_FILE = path.join(DATA_DIR, "dev.sqlite");
const MIGRATIONS = path.join(APP_ROOT, "src", "main", "db", "migrations");

type Migration = { version: number; name: string; up: string };

function loadMigrations(): Migration[] {
  return readdirSync(MIGRATIONS)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 4)), name: f, up: readFileSync(path.join(MIGRATIONS, f), "utf8") }));
}

function currentVersion(db: Database.Database): number {
  return db.pragma("user_version", { simple: true }) as number;
}

function migrate(db: Database.Database, list: Migration[], target?: number): number {
  const from = currentVersion(db);
  const todo = list.filter((m) => m.version > from && (target === undefined || m.version <= target));
  const apply = db.transaction((m: Migration) => {
    db.exec(m.up);
    db.pragma(`user_version = ${m.version}`);
  });
  for (const m of todo) {
    apply(m);
    console.log(`  applied ${m.name}`);
  }
  return todo.length;
}

function resetLocal(): void {
  // only the dev database inside this checkout is ever removed
  if (path.dirname(DB_FILE) !== DATA_DIR || !DATA_DIR.startsWith(APP_ROOT + path.sep)) {
    throw new Error("refusing to reset: unexpected database path");
  }
  for (const suffix of ["", "-wal", "-shm"]) {
    const f = DB_FILE + suffix;
    if (existsSync(f)) {
      unlinkSync(f);
      console.log(`removed ${path.relative(APP_ROOT, f)}`);
    }
  }
}

function parseTarget(argv: string[]): number | undefined {
  const flag = argv.find((a) => a.startsWith("--to="));
  if (!flag) return undefined;
  const n = Number(flag.slice(5));
  if (!Number.isInteger(n) || n < 0) throw new Error("--to must be a migration number");
  return n;
}

function main(): void {
  const argv = process.argv.slice(2);
  if (argv.includes("--reset")) resetLocal();
  mkdirSync(DATA_DIR, { recursive: true });
  const db = new Database(DB_FILE);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  try {
    const list = loadMigrations();
    const before = currentVersion(db);
    const count = migrate(db, list, parseTarget(argv));
    console.log(`schema v${before} -> v${currentVersion(db)} (${count} migration(s), ${list.length} known)`);
    if (argv.includes("--status")) {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
      console.log("tables:", (tables as { name: string }[]).map((t) => t.name).join(", "));
    }
  } finally {
    db.close();
  }
}

main();
