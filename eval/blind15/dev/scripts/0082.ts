// scripts/migrate.ts - SQL + TypeScript migrations for the local SQLite store
// used by the desktop sync agent's tests.
//
//   npx tsx scripts/migrate.ts up            # apply pending
//   npx tsx scripts/migrate.ts down 2        # revert the last two
//   npx tsx scripts/migrate.ts status
//   npx tsx scripts/migrate.ts create add_device_table
//
// Migration files live in ./migrations as NNNN_name.sql or NNNN_name.ts.
// TS migrations are the project's own modules and are imported dynamically
// after the file name has been matched against a strict pattern.
import Database from "better-sqlite3";
import { readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

interface MigrationFile {
  id: number;
  name: string;
  file: string;
  kind: "sql" | "ts";
}

interface TsMigration {
  up(db: Database.Database): void | Promise<void>;
  down?(db: Database.Database): void | Promise<void>;
}

const ROOT = process.cwd();
const DIR = join(ROOT, "migrations");
const DB_PATH = process.env.SYNC_DB ?? join(ROOT, "var", "sync.sqlite3");
const FILE_RE = /^(\d{4})_([a-z0-9_]+)\.(sql|ts)$/;
const DOWN_MARKER = /^--\s*down\s*$/im;

function list(): MigrationFile[] {
  if (!existsSync(DIR)) return [];
  const files: MigrationFile[] = [];
  for (const f of readdirSync(DIR)) {
    const m = FILE_RE.exec(f);
    if (!m) continue;
    files.push({ id: Number(m[1]), name: m[2], file: join(DIR, f), kind: m[3] as "sql" | "ts" });
  }
  files.sort((a, b) => a.id - b.id);
  for (let i = 1; i < files.length; i++) {
    if (files[i].id === files[i - 1].id) throw new Error(`duplicate migration id ${files[i].id}`);
  }
  return files;
}

function open(): Database.Database {
  mkdirSync(resolve(DB_PATH, ".."), { recursive: true });
  const db = new Database(DB_PATH);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.exec(`CREATE TABLE IF NOT EXISTS _migrations (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT (datetime('now')))`);
  return db;
}

function applied(db: Database.Database): Set<number> {
  return new Set((db.prepare("SELECT id FROM _migrations").all() as Array<{ id: number }>).map((r) => r.id));
}

function splitSql(text: string): { up: string; down: string | null } {
  const parts = text.split(DOWN_MARKER);
  return { up: parts[0], down: parts.length > 1 ? parts[1] : null };
}

async function loadTs(m: MigrationFile): Promise<TsMigration> {
  if (!FILE_RE.test(m.file.split("/").pop() ?? "")) throw new Error(`unexpected file ${m.file}`);
  const mod = (await import(pathToFileURL(m.file).href)) as Partial<TsMigration> & { default?: TsMigration };
  const impl = (mod.default ?? mod) as TsMigration;
  if (typeof impl.up !== "function") throw new Error(`${m.file} has no up()`);
  return impl;
}

async function runOne(db: Database.Database, m: MigrationFile, direction: "up" | "down"): Promise<void> {
  const started = performance.now();
  db.exec("BEGIN");
  try {
    if (m.kind === "sql") {
      const { up, down } = splitSql(readFileSync(m.file, "utf8"));
      if (direction === "down" && down === null) throw new Error(`${m.name} has no "-- down" section`);
      db.exec(direction === "up" ? up : (down as string));
    } else {
      const impl = await loadTs(m);
      if (direction === "down" && !impl.down) throw new Error(`${m.name} has no down()`);
      await (direction === "up" ? impl.up(db) : impl.down!(db));
    }
    if (direction === "up") db.prepare("INSERT INTO _migrations (id, name) VALUES (?, ?)").run(m.id, m.name);
    else db.prepare("DELETE FROM _migrations WHERE id = ?").run(m.id);
    db.exec("COMMIT");
  } catch (e) {
    db.exec("ROLLBACK");
    throw e;
  }
  console.log(`${direction === "up" ? "applied " : "reverted"} ${String(m.id).padStart(4, "0")}_${m.name} (${(performance.now() - started).toFixed(1)} ms)`);
}

async function up(db: Database.Database): Promise<number> {
  const done = applied(db);
  let n = 0;
  for (const m of list()) {
    if (done.has(m.id)) continue;
    await runOne(db, m, "up");
    n++;
  }
  return n;
}

async function down(db: Database.Database, steps: number): Promise<number> {
  const done = applied(db);
  const targets = list().filter((m) => done.has(m.id)).slice(-steps).reverse();
  for (const m of targets) await runOne(db, m, "down");
  return targets.length;
}

function status(db: Database.Database): void {
  const done = applied(db);
  for (const m of list()) console.log(`${done.has(m.id) ? "[x]" : "[ ]"} ${String(m.id).padStart(4, "0")}_${m.name}.${m.kind}`);
}

function create(name: string, kind: "sql" | "ts"): string {
  if (!/^[a-z0-9_]{3,50}$/.test(name)) throw new Error("name: 3-50 chars of a-z 0-9 _");
  mkdirSync(DIR, { recursive: true });
  const next = (list().at(-1)?.id ?? 0) + 1;
  const file = join(DIR, `${String(next).padStart(4, "0")}_${name}.${kind}`);
  const body = kind === "sql"
    ? `-- up\n\n-- down\n`
    : `import type Database from "better-sqlite3";\n\nexport function up(db: Database.Database) {}\n\nexport function down(db: Database.Database) {}\n`;
  writeFileSync(file, body);
  return file;
}

async function main(): Promise<void> {
  const [cmd = "status", arg, flag] = process.argv.slice(2);
  if (cmd === "create") {
    if (!arg) throw new Error("create <name> [--ts]");
    console.log(`created ${create(arg, flag === "--ts" ? "ts" : "sql")}`);
    return;
  }
  const db = open();
  try {
    if (cmd === "up") console.log(`${await up(db)} applied`);
    else if (cmd === "down") console.log(`${await down(db, Number(arg ?? 1))} reverted`);
    else if (cmd === "status") status(db);
    else throw new Error(`unknown command ${cmd}`);
  } finally {
    db.close();
  }
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
