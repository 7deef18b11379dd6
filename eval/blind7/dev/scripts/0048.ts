#!/usr/bin/env -S npx tsx
// Minimal migration runner for the dev database: applies db/migrations/*.sql in order.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "pg";

const DIR = join("db", "migrations");

async function ensureTable(c: Client): Promise<void> {
  await c.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version TEXT PRIMARY KEY,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`);
}

async function applied(c: Client): Promise<Set<string>> {
  const r = await c.query<{ version: string }>("SELECT version FROM schema_migrations");
  return new Set(r.rows.map((x) => x.version));
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL ?? "postgres://localhost/app_dev";
  if (!/localhost|127\.0\.0\.1/.test(url) && !process.argv.includes("--remote-ok")) {
    console.error(`refusing to migrate non-local database ${url.replace(/\/\/[^@]*@/, "//***@")}`);
    process.exit(1);
  }
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await ensureTable(c);
    const done = await applied(c);
    const files = readdirSync(DIR).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
    for (const f of files) {
      const version = f.split("_")[0];
      if (done.has(version)) continue;
      const sql = readFileSync(join(DIR, f), "utf8");
      await c.query("BEGIN");
      try {
        await c.query(sql);
        await c.query("INSERT INTO schema_migrations (version) VALUES ($1)", [version]);
        await c.query("COMMIT");
        console.log(`applied ${f}`);
      } catch (e) {
        await c.query("ROLLBACK");
        throw e;
      }
    }
  } finally {
    await c.end();
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
