#!/usr/bin/env -S npx tsx
// Migrations for the harbor local SQLite database (better-sqlite3). Migrations are
// classes with up()/down(); the runner only accepts a database file inside ./var.
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import path from "node:path";

abstract class Migration {
  abstract readonly id: number;
  abstract up(db: Database.Database): void;
  abstract down(db: Database.Database): void;

  get label(): string {
    return `${String(this.id).padStart(3, "0")}-${this.constructor.name}`;
  }
}

class CreateBerths extends Migration {
  readonly id = 1;
  up(db: Database.Database) {
    db.exec("CREATE TABLE berths (id INTEGER PRIMARY KEY, code TEXT UNIQUE NOT NULL, length_m REAL NOT NULL)");
  }
  down(db: Database.Database) {
    db.exec("DROP TABLE berths");
  }
}

class CreateVisits extends Migration {
  readonly id = 2;
  up(db: Database.Database) {
    db.exec(`CREATE TABLE visits (
      id INTEGER PRIMARY KEY,
      berth_id INTEGER NOT NULL REFERENCES berths(id),
      vessel TEXT NOT NULL,
      arrives_at TEXT NOT NULL,
      departs_at TEXT
    )`);
  }
  down(db: Database.Database) {
    db.exec("DROP TABLE visits");
  }
}

class IndexVisitsByBerth extends Migration {
  readonly id = 3;
  up(db: Database.Database) {
    db.exec("CREATE INDEX visits_by_berth ON visits(berth_id, arrives_at)");
  }
  down(db: Database.Database) {
    db.exec("DROP INDEX visits_by_berth");
  }
}

const MIGRATIONS: Migration[] = [new CreateBerths(), new CreateVisits(), new IndexVisitsByBerth()];

function openLocal(file: string): Database.Database {
  const varDir = path.resolve("var");
  const resolved = path.resolve(file);
  if (path.dirname(resolved) !== varDir) throw new Error(`database must live directly in ${varDir}`);
  mkdirSync(varDir, { recursive: true });
  const db = new Database(resolved);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  return db;
}

function version(db: Database.Database): number {
  return db.pragma("user_version", { simple: true }) as number;
}

function migrate(db: Database.Database, target: number): string[] {
  const log: string[] = [];
  const current = version(db);
  const steps =
    target >= current
      ? MIGRATIONS.filter((m) => m.id > current && m.id <= target).map((m) => ({ m, dir: "up" as const }))
      : MIGRATIONS.filter((m) => m.id <= current && m.id > target).reverse().map((m) => ({ m, dir: "down" as const }));
  for (const { m, dir } of steps) {
    db.transaction(() => {
      m[dir](db);
      db.pragma(`user_version = ${dir === "up" ? m.id : m.id - 1}`);
    })();
    log.push(`${dir.padEnd(4)} ${m.label}`);
  }
  return log;
}

const file = process.env.HARBOR_DB ?? "var/harbor-dev.sqlite";
const target = process.argv[2] === undefined ? Math.max(...MIGRATIONS.map((m) => m.id)) : Number(process.argv[2]);
const db = openLocal(file);
try {
  const before = version(db);
  const log = migrate(db, target);
  log.forEach((l) => console.log(l));
  console.log(`${file}: ${before} -> ${version(db)}`);
} finally {
  db.close();
}
