// scripts/migrate.ts — apply pending migrations from ./migrations using node-postgres.
// Usage: npx tsx scripts/migrate.ts [up|status]
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Client } from "pg";

const MIGRATIONS_DIR = resolve(__dirname, "..", "migrations");
const TABLE = "schema_migrations";

interface Migration {
  version: string;
  file: string;
  sql: string;
}

function loadMigrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{14}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.slice(0, 14), file: f, sql: readFileSync(join(MIGRATIONS_DIR, f), "utf8") }));
}

async function applied(client: Client): Promise<Set<string>> {
  await client.query(`CREATE TABLE IF NOT EXISTS ${TABLE} (version text PRIMARY KEY, applied_at timestamptz DEFAULT now())`);
  const res = await client.query<{ version: string }>(`SELECT version FROM ${TABLE}`);
  return new Set(res.rows.map((r) => r.version));
}

async function up(client: Client): Promise<number> {
  const done = await applied(client);
  let count = 0;
  for (const m of loadMigrations()) {
    if (done.has(m.version)) continue;
    await client.query("BEGIN");
    try {
      await client.query(m.sql);
      await client.query(`INSERT INTO ${TABLE}(version) VALUES ($1)`, [m.version]);
      await client.query("COMMIT");
      console.log(`applied ${m.file}`);
      count++;
    } catch (err) {
      await client.query("ROLLBACK");
      throw new Error(`${m.file}: ${(err as Error).message}`);
    }
  }
  return count;
}

async function status(client: Client): Promise<void> {
  const done = await applied(client);
  for (const m of loadMigrations()) console.log(`${done.has(m.version) ? "[x]" : "[ ]"} ${m.file}`);
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    if (process.argv[2] === "status") await status(client);
    else console.log(`${await up(client)} migration(s) applied`);
  } finally {
    await client.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
