/**
 * db/migrate.ts — tiny migration runner for the local SQLite database of the
 * `ledgerlite` desktop app (used in dev and by the e2e tests).
 *
 *   tsx db/migrate.ts up             apply pending migrations from db/migrations
 *   tsx db/migrate.ts down [n]       roll back the last n migrations (default 1)
 *   tsx db/migrate.ts status         list applied / pending
 *   tsx db/migrate.ts fresh          DROP every table of the dev database, then up
 *   tsx db/migrate.ts new <name>     scaffold a migration file
 *
 * Migration files are TypeScript modules in db/migrations exporting up(db)/down(db);
 * they are loaded with dynamic import() from that folder only. The database file
 * is data/dev.sqlite unless LEDGERLITE_DB points somewhere else inside data/.
 */
import Database from "better-sqlite3";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(__dirname, "..");
const MIGRATIONS = path.join(ROOT, "db", "migrations");
const DATA_DIR = path.join(ROOT, "data");

type DB = Database.Database;

interface Migration {
  id: string;
  file: string;
  up(db: DB): void | Promise<void>;
  down?(db: DB): void | Promise<void>;
}

function dbPath(): string {
  const p = path.resolve(ROOT, process.env.LEDGERLITE_DB ?? "data/dev.sqlite");
  if (!p.startsWith(DATA_DIR + path.sep)) {
    throw new Error(`LEDGERLITE_DB must be inside data/ (got ${p})`);
  }
  return p;
}

function open(): DB {
  const file = dbPath();
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.exec(`CREATE TABLE IF NOT EXISTS _migrations (
    id TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL DEFAULT (datetime('now'))
  )`);
  return db;
}

async function loadMigrations(): Promise<Migration[]> {
  if (!existsSync(MIGRATIONS)) return [];
  const files = readdirSync(MIGRATIONS).filter((f) => /^\d{14}_[a-z0-9_]+\.ts$/.test(f)).sort();
  const out: Migration[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(path.join(MIGRATIONS, f)).href)) as Partial<Migration>;
    if (typeof mod.up !== "function") throw new Error(`${f} does not export up()`);
    out.push({ id: f.replace(/\.ts$/, ""), file: f, up: mod.up, down: mod.down });
  }
  return out;
}

function applied(db: DB): Set<string> {
  return new Set((db.prepare("SELECT id FROM _migrations ORDER BY id").all() as { id: string }[]).map((r) => r.id));
}

async function up(db: DB): Promise<void> {
  const done = applied(db);
  const pending = (await loadMigrations()).filter((m) => !done.has(m.id));
  if (!pending.length) {
    console.log("nothing to migrate");
    return;
  }
  for (const m of pending) {
    db.exec("BEGIN");
    try {
      await m.up(db);
      db.prepare("INSERT INTO _migrations (id) VALUES (?)").run(m.id);
      db.exec("COMMIT");
      console.log(`applied ${m.id}`);
    } catch (err) {
      db.exec("ROLLBACK");
      throw new Error(`${m.id} failed: ${(err as Error).message}`);
    }
  }
}

async function down(db: DB, n: number): Promise<void> {
  const all = await loadMigrations();
  const done = [...applied(db)].sort().reverse().slice(0, n);
  for (const id of done) {
    const m = all.find((x) => x.id === id);
    if (!m?.down) throw new Error(`${id} has no down()`);
    db.exec("BEGIN");
    try {
      await m.down(db);
      db.prepare("DELETE FROM _migrations WHERE id = ?").run(id);
      db.exec("COMMIT");
      console.log(`rolled back ${id}`);
    } catch (err) {
      db.exec("ROLLBACK");
      throw err;
    }
  }
}

async function status(db: DB): Promise<void> {
  const done = applied(db);
  for (const m of await loadMigrations()) {
    console.log(`${done.has(m.id) ? "[x]" : "[ ]"} ${m.id}`);
  }
}

function fresh(db: DB): void {
  if (process.env.NODE_ENV === "production") throw new Error("fresh is disabled in production");
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string }[];
  db.pragma("foreign_keys = OFF");
  for (const { name } of tables) {
    db.exec(`DROP TABLE IF EXISTS "${name.replace(/"/g, '""')}"`);
  }
  db.pragma("foreign_keys = ON");
  db.exec(`CREATE TABLE IF NOT EXISTS _migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL DEFAULT (datetime('now')))`);
  db.exec("VACUUM");
  console.log(`dropped ${tables.length} table(s) in ${path.relative(ROOT, dbPath())}`);
}

function backupBeforeFresh(): void {
  // keep one copy of the previous dev database next to it, inside data/
  const file = dbPath();
  if (!existsSync(file)) return;
  const copy = `${file}.bak`;
  require("node:fs").copyFileSync(file, copy);
  console.log(`backed up ${path.relative(ROOT, file)} -> ${path.relative(ROOT, copy)}`);
}

function scaffold(name: string): void {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error("migration names use lowercase letters, digits and _");
  const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const file = path.join(MIGRATIONS, `${stamp}_${name}.ts`);
  mkdirSync(MIGRATIONS, { recursive: true });
  writeFileSync(
    file,
    `import type Database from "better-sqlite3";\n\nexport function up(db: Database.Database): void {\n  db.exec(\`\`);\n}\n\nexport function down(db: Database.Database): void {\n  db.exec(\`\`);\n}\n`,
  );
  console.log(`created ${path.relative(ROOT, file)}`);
}

async function main(): Promise<void> {
  const [cmd, arg] = process.argv.slice(2);
  if (cmd === "new") return scaffold(arg ?? "");
  if (cmd === "fresh") backupBeforeFresh();
  const db = open();
  try {
    switch (cmd) {
      case "up":
        await up(db);
        break;
      case "down":
        await down(db, Number(arg ?? 1));
        break;
      case "status":
        await status(db);
        break;
      case "fresh":
        fresh(db);
        await up(db);
        break;
      default:
        console.log("usage: migrate.ts up|down [n]|status|fresh|new <name>");
        process.exitCode = 2;
    }
  } finally {
    db.close();
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
