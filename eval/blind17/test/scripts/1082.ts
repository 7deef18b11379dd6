/**
 * db/migrator.ts — Kysely migrations for the `parcel` API, against the local
 * Postgres only.
 *
 *   tsx db/migrator.ts latest        run all pending migrations
 *   tsx db/migrator.ts down          undo the last migration
 *   tsx db/migrator.ts redo          down + up of the last migration (while writing it)
 *   tsx db/migrator.ts status        list migrations and whether they ran
 *   tsx db/migrator.ts reset         DROP SCHEMA public CASCADE, recreate, latest
 *   tsx db/migrator.ts make <name>   create db/migrations/<timestamp>_<name>.ts
 *
 * Migrations are loaded by Kysely's FileMigrationProvider from db/migrations only.
 *
 * Notes:
 *  - Migration file names must sort chronologically (timestamp prefix); Kysely
 *    refuses unordered migrations because allowUnorderedMigrations is false.
 *  - `redo` is meant for the migration you are currently writing; never redo a
 *    migration that teammates already ran.
 *  - `reset` drops and recreates the public schema of the local dev database,
 *    which is faster than dropping the database and keeps extensions installed in
 *    other schemas (we install pg_trgm into "extensions").
 *  - `lint` is also run in CI: every migration needs a down(), and destructive
 *    statements need a comment starting with "reason:" explaining them.
 *  - DATABASE_URL defaults to the compose database; tests use parcel_test.
 *  - The pool size is 1 on purpose so migrations never run concurrently.
 *  - Generated types (kysely-codegen) are refreshed by `pnpm db:types` afterwards.
 *  - In production migrations run from the deploy pipeline, never from here.
 *  - `status` shows the execution time of each applied migration in UTC.
 *  - `make` writes an empty up()/down() pair; fill both before committing.
 *  - Never edit a migration after it was merged; add a new one instead.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { FileMigrationProvider, Kysely, Migrator, PostgresDialect, sql, type MigrationResultSet } from "kysely";
import pg from "pg";

const ROOT = path.resolve(__dirname, "..");
const MIGRATIONS = path.resolve(ROOT, "db/migrations");
const ALLOWED_HOSTS = ["localhost", "127.0.0.1", "db"];

function dbUrl(): URL {
  const raw = process.env.DATABASE_URL ?? "postgres://parcel:parcel@localhost:5432/parcel_dev";
  const url = new URL(raw);
  if (!ALLOWED_HOSTS.includes(url.hostname)) throw new Error(`refusing host ${url.hostname}`);
  if (!/_(dev|test)$/.test(url.pathname.slice(1))) throw new Error(`refusing database ${url.pathname.slice(1)}`);
  return url;
}

function connect(): Kysely<unknown> {
  const url = dbUrl();
  return new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 1 }) }),
  });
}

function migrator(db: Kysely<unknown>): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS }),
    allowUnorderedMigrations: false,
  });
}

function report({ error, results }: MigrationResultSet): void {
  for (const r of results ?? []) {
    const mark = r.status === "Success" ? "✓" : r.status === "Error" ? "✗" : "·";
    console.log(`${mark} ${r.direction.padEnd(4)} ${r.migrationName}`);
  }
  if (error) {
    console.error(error);
    process.exitCode = 1;
  }
}

async function status(m: Migrator): Promise<void> {
  const list = await m.getMigrations();
  for (const mig of list) {
    console.log(`${mig.executedAt ? `[x] ${mig.executedAt.toISOString().slice(0, 19)}` : "[ ]                    "} ${mig.name}`);
  }
  const pending = list.filter((x) => !x.executedAt).length;
  console.log(`${list.length} migration(s), ${pending} pending`);
}

async function reset(db: Kysely<unknown>, m: Migrator): Promise<void> {
  if (process.env.NODE_ENV === "production") throw new Error("reset is disabled in production");
  const url = dbUrl();
  console.log(`dropping schema public in ${url.pathname.slice(1)} on ${url.hostname}`);
  await sql`DROP SCHEMA IF EXISTS public CASCADE`.execute(db);
  await sql`CREATE SCHEMA public`.execute(db);
  await sql`GRANT ALL ON SCHEMA public TO public`.execute(db);
  report(await m.migrateToLatest());
}

async function pendingCount(m: Migrator): Promise<number> {
  return (await m.getMigrations()).filter((x) => !x.executedAt).length;
}

export { pendingCount };

async function make(name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error("use lowercase, digits and underscores");
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const file = path.join(MIGRATIONS, [stamp, name].join("_") + ".ts");
  await fs.mkdir(MIGRATIONS, { recursive: true });
  await fs.writeFile(
    file,
    [
      'import { type Kysely, sql } from "kysely";',
      "",
      "export async function up(db: Kysely<unknown>): Promise<void> {",
      "  // await db.schema.createTable(...).execute();",
      "}",
      "",
      "export async function down(db: Kysely<unknown>): Promise<void> {",
      "  // await db.schema.dropTable(...).execute();",
      "}",
      "",
    ].join("\n"),
  );
  console.log(`new migration: ${path.relative(ROOT, file)}`);
  console.log("fill in up() and down(), then run: tsx db/migrator.ts redo");
}

async function lintMigrations(): Promise<number> {
  // every migration needs a down(); destructive statements need a comment explaining them
  let problems = 0;
  for (const f of (await fs.readdir(MIGRATIONS)).filter((x) => x.endsWith(".ts")).sort()) {
    const text = await fs.readFile(path.join(MIGRATIONS, f), "utf8");
    if (!/export async function down/.test(text)) {
      console.log(`${f}: missing down()`);
      problems++;
    }
    if (/dropTable|dropColumn|DROP\s+(TABLE|COLUMN)/i.test(text) && !/reason:/i.test(text)) {
      console.log(`${f}: destructive change without a "reason:" comment`);
      problems++;
    }
  }
  return problems;
}

async function main(): Promise<void> {
  const [cmd, arg] = process.argv.slice(2);
  if (cmd === "make") return make(arg ?? "");
  if (cmd === "lint") {
    process.exitCode = (await lintMigrations()) ? 1 : 0;
    return;
  }
  const db = connect();
  const m = migrator(db);
  try {
    switch (cmd) {
      case "latest":
        report(await m.migrateToLatest());
        break;
      case "down":
        report(await m.migrateDown());
        break;
      case "redo":
        report(await m.migrateDown());
        report(await m.migrateUp());
        break;
      case "status":
        await status(m);
        break;
      case "reset":
        await reset(db, m);
        break;
      default:
        console.log("usage: migrator.ts latest|down|redo|status|reset|make <name>|lint");
        process.exitCode = 2;
    }
  } finally {
    await db.destroy();
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
