#!/usr/bin/env -S npx tsx
// Run SQL migrations from db/migrations against the local dev Postgres only.
// The connection string must point at localhost and a database ending in _dev.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";

const MIGRATIONS = path.resolve("db/migrations");
const DEFAULT_URL = "postgres://postgres:postgres@localhost:5432/pantry_dev";

interface Migration {
  version: number;
  name: string;
  up: string;
  down: string;
}

function assertLocal(url: string): URL {
  const parsed = new URL(url);
  if (!["localhost", "127.0.0.1"].includes(parsed.hostname)) {
    throw new Error(`refusing to migrate non-local host ${parsed.hostname}`);
  }
  if (!/_(dev|test)$/.test(parsed.pathname.slice(1))) {
    throw new Error(`database ${parsed.pathname.slice(1)} is not a _dev/_test database`);
  }
  return parsed;
}

function* loadMigrations(dir: string): Generator<Migration> {
  const files = readdirSync(dir).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  for (const file of files) {
    const text = readFileSync(path.join(dir, file), "utf8");
    const [up, down = ""] = text.split(/^--\s*down\s*$/m);
    yield {
      version: Number(file.split("_")[0]),
      name: file.replace(/\.sql$/, ""),
      up: up.replace(/^--\s*up\s*$/m, "").trim(),
      down: down.trim(),
    };
  }
}

async function inTransaction<T>(client: Client, fn: () => Promise<T>): Promise<T> {
  await client.query("BEGIN");
  try {
    const result = await fn();
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK");
    throw err;
  }
}

async function applied(client: Client): Promise<Set<number>> {
  await client.query(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version bigint PRIMARY KEY, name text NOT NULL, applied_at timestamptz DEFAULT now())",
  );
  const { rows } = await client.query<{ version: string }>("SELECT version FROM schema_migrations");
  return new Set(rows.map((r) => Number(r.version)));
}

async function migrateUp(client: Client, all: Migration[]): Promise<number> {
  const done = await applied(client);
  let count = 0;
  for (const m of all.filter((x) => !done.has(x.version))) {
    await inTransaction(client, async () => {
      await client.query(m.up);
      await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [m.version, m.name]);
    });
    console.log(`up   ${m.name}`);
    count++;
  }
  return count;
}

async function rollbackLast(client: Client, all: Migration[]): Promise<void> {
  const { rows } = await client.query<{ version: string }>("SELECT max(version) AS version FROM schema_migrations");
  const last = all.find((m) => m.version === Number(rows[0]?.version));
  if (!last) return console.log("nothing to roll back");
  if (!last.down) throw new Error(`${last.name} has no -- down section`);
  await inTransaction(client, async () => {
    await client.query(last.down);
    await client.query("DELETE FROM schema_migrations WHERE version = $1", [last.version]);
  });
  console.log(`down ${last.name}`);
}

async function main(): Promise<void> {
  const url = assertLocal(process.env.DATABASE_URL ?? DEFAULT_URL);
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const all = [...loadMigrations(MIGRATIONS)];
    if (process.argv.includes("--rollback")) await rollbackLast(client, all);
    else console.log(`${await migrateUp(client, all)} migration(s) applied to ${url.pathname.slice(1)}`);
  } finally {
    await client.end();
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
