// Apply SQLite migrations for the desktop app's local database file in
// data/app.sqlite3 (development copy only). Supports up, down and status.
import Database from "better-sqlite3";
import { readdirSync, readFileSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const DATA_DIR = path.join(ROOT, "data");
const MIGRATIONS_DIR = path.join(ROOT, "migrations");

interface MigrationFile {
  id: string;
  up: string;
  down?: string;
}

function loadMigrations(): MigrationFile[] {
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}_.+\.(up|down)\.sql$/.test(f));
  const byId = new Map<string, MigrationFile>();
  for (const f of files) {
    const [id, kind] = [f.replace(/\.(up|down)\.sql$/, ""), f.endsWith(".up.sql") ? "up" : "down"];
    const entry = byId.get(id) ?? { id, up: "" };
    const sql = readFileSync(path.join(MIGRATIONS_DIR, f), "utf8");
    if (kind === "up") entry.up = sql;
    else entry.down = sql;
    byId.set(id, entry);
  }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}

function open(file: string): Database.Database {
  const resolved = path.resolve(file);
  if (path.dirname(resolved) !== DATA_DIR) {
    throw new Error(`database must live directly in data/, got ${resolved}`);
  }
  if (!existsSync(DATA_DIR)) mkdirSync(DATA_DIR);
  const db = new Database(resolved);
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE IF NOT EXISTS _migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)");
  return db;
}

function applied(db: Database.Database): Set<string> {
  return new Set(db.prepare("SELECT id FROM _migrations").all().map((r) => (r as { id: string }).id));
}

function up(db: Database.Database, migrations: MigrationFile[]): number {
  const done = applied(db);
  const insert = db.prepare("INSERT INTO _migrations (id, applied_at) VALUES (?, datetime('now'))");
  let count = 0;
  for (const m of migrations) {
    if (done.has(m.id)) continue;
    db.transaction(() => {
      db.exec(m.up);
      insert.run(m.id);
    })();
    console.log(`applied ${m.id}`);
    count++;
  }
  return count;
}

function down(db: Database.Database, migrations: MigrationFile[], steps: number): void {
  const done = [...applied(db)].sort().reverse().slice(0, steps);
  for (const id of done) {
    const m = migrations.find((x) => x.id === id);
    if (!m?.down) throw new Error(`no down migration for ${id}`);
    db.transaction(() => {
      db.exec(m.down!);
      db.prepare("DELETE FROM _migrations WHERE id = ?").run(id);
    })();
    console.log(`reverted ${id}`);
  }
}

function main(): void {
  const [command = "up", arg] = process.argv.slice(2);
  const db = open(process.env.APP_DB ?? path.join(DATA_DIR, "app.sqlite3"));
  const migrations = loadMigrations();
  try {
    if (command === "up") console.log(`${up(db, migrations)} migration(s) applied`);
    else if (command === "down") down(db, migrations, Number(arg ?? 1));
    else if (command === "status") {
      const done = applied(db);
      migrations.forEach((m) => console.log(`${done.has(m.id) ? "[x]" : "[ ]"} ${m.id}`));
    } else throw new Error(`unknown command ${command}`);
  } finally {
    db.close();
  }
}

main();
