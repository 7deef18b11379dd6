#!/usr/bin/env -S npx tsx
// scripts/migrate-local.ts - apply db/migrations/*.sql to the LOCAL Postgres
// used by `docker compose up db`. Refuses non-local hosts and prod-like names.
import { readdir, readFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import path from "node:path";
import { Client } from "pg";

const ROOT = path.resolve(__dirname, "..");
const DIR = path.join(ROOT, "db", "migrations");
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1"]);

interface Migration { name: string; sql: string; checksum: string }

function connectionString(): URL {
  const url = new URL(process.env.DATABASE_URL ?? "postgres://postgres:postgres@localhost:5432/billing_dev");
  if (!LOCAL_HOSTS.has(url.hostname)) {
    throw new Error(`refusing to migrate non-local database host ${url.hostname}`);
  }
  const db = url.pathname.slice(1);
  if (!/_(dev|test)$/.test(db)) throw new Error(`database ${db} is not a _dev/_test database`);
  return url;
}

async function loadMigrations(): Promise<Migration[]> {
  const names = (await readdir(DIR)).filter((n) => n.endsWith(".sql")).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(DIR, name), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

async function ensureTable(client: Client): Promise<void> {
  await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
}

async function applied(client: Client): Promise<Map<string, string>> {
  const res = await client.query<{ name: string; checksum: string }>("SELECT name, checksum FROM schema_migrations");
  return new Map(res.rows.map((r) => [r.name, r.checksum]));
}

async function apply(client: Client, m: Migration): Promise<void> {
  await client.query("BEGIN");
  try {
    await client.query(m.sql);
    await client.query("INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)", [m.name, m.checksum]);
    await client.query("COMMIT");
    console.log(`applied ${m.name}`);
  } catch (err) {
    await client.query("ROLLBACK");
    throw new Error(`${m.name} failed: ${(err as Error).message}`);
  }
}

async function main(): Promise<void> {
  const url = connectionString();
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await ensureTable(client);
    const done = await applied(client);
    const migrations = await loadMigrations();
    let count = 0;
    for (const m of migrations) {
      const prev = done.get(m.name);
      if (prev && prev !== m.checksum) throw new Error(`${m.name} was edited after being applied`);
      if (prev) continue;
      if (process.argv.includes("--status")) {
        console.log(`pending ${m.name}`);
        continue;
      }
      await apply(client, m);
      count++;
    }
    console.log(`${count} migration(s) applied to ${url.pathname.slice(1)} on ${url.hostname}`);
  } finally {
    await client.end();
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
