#!/usr/bin/env -S npx tsx
// Apply SQL migrations from db/migrations to the LOCAL development Postgres
// (DATABASE_URL, default postgres://harbor:harbor@localhost:5432/harbor_dev).
// Refuses to run against any host other than localhost/127.0.0.1.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MIGRATIONS = join(ROOT, "db", "migrations");
const DEFAULT_URL = "postgres://harbor:harbor@localhost:5432/harbor_dev";
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1"]);

interface MigrationFile {
  version: string;
  name: string;
  path: string;
}

function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  if (!LOCAL_HOSTS.has(host)) {
    throw new Error(`refusing to migrate non-local database host "${host}"`);
  }
}

async function migrationFiles(): Promise<MigrationFile[]> {
  const names = (await readdir(MIGRATIONS)).filter((n) => /^\d{14}_[\w-]+\.sql$/.test(n)).sort();
  return names.map((name) => ({ version: name.slice(0, 14), name, path: join(MIGRATIONS, name) }));
}

class Migrator {
  constructor(private readonly client: pg.Client) {}

  async ensureTable(): Promise<void> {
    await this.client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async applied(): Promise<Set<string>> {
    const { rows } = await this.client.query<{ version: string }>("SELECT version FROM schema_migrations");
    return new Set(rows.map((r) => r.version));
  }

  async apply(file: MigrationFile): Promise<number> {
    const sql = await readFile(file.path, "utf8");
    const started = Date.now();
    await this.client.query("BEGIN");
    try {
      await this.client.query(sql);
      await this.client.query("INSERT INTO schema_migrations(version, name) VALUES ($1, $2)", [
        file.version,
        file.name,
      ]);
      await this.client.query("COMMIT");
    } catch (err) {
      await this.client.query("ROLLBACK");
      throw new Error(`${file.name}: ${(err as Error).message}`);
    }
    return Date.now() - started;
  }
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL ?? DEFAULT_URL;
  assertLocal(url);
  const dryRun = process.argv.slice(2).includes("--dry-run");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const migrator = new Migrator(client);
    await migrator.ensureTable();
    const done = await migrator.applied();
    const pending = (await migrationFiles()).filter((f) => !done.has(f.version));
    if (pending.length === 0) {
      console.log("database is up to date");
      return;
    }
    for (const file of pending) {
      if (dryRun) {
        console.log(`pending  ${file.name}`);
        continue;
      }
      const ms = await migrator.apply(file);
      console.log(`applied  ${file.name} (${ms} ms)`);
    }
  } finally {
    await client.end();
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
