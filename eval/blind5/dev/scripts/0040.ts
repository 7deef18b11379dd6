#!/usr/bin/env -S npx tsx
// Apply SQL migrations from db/migrations to Postgres, each in its own transaction.
// Defaults to the local docker-compose database.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { Client } from 'pg';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://dev:dev@localhost:5432/app_dev';
const DIR = join(__dirname, '..', 'db', 'migrations');

interface Migration { id: string; file: string; sql: string; checksum: string }

function load(): Migration[] {
  return readdirSync(DIR)
    .filter((f) => /^\d{14}_.+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = readFileSync(join(DIR, file), 'utf8');
      return { id: file.slice(0, 14), file, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

async function ensureTable(db: Client): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS _migrations (
    id text PRIMARY KEY,
    file text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
}

async function applied(db: Client): Promise<Map<string, string>> {
  const { rows } = await db.query<{ id: string; checksum: string }>('SELECT id, checksum FROM _migrations');
  return new Map(rows.map((r) => [r.id, r.checksum]));
}

async function apply(db: Client, m: Migration): Promise<void> {
  await db.query('BEGIN');
  try {
    await db.query(m.sql);
    await db.query('INSERT INTO _migrations (id, file, checksum) VALUES ($1, $2, $3)', [m.id, m.file, m.checksum]);
    await db.query('COMMIT');
    console.log(`applied ${m.file}`);
  } catch (err) {
    await db.query('ROLLBACK');
    throw new Error(`${m.file}: ${(err as Error).message}`);
  }
}

async function main(): Promise<void> {
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    await ensureTable(db);
    const done = await applied(db);
    const dryRun = process.argv.includes('--dry-run');
    let count = 0;
    for (const m of load()) {
      const prev = done.get(m.id);
      if (prev) {
        if (prev !== m.checksum) console.warn(`warning: ${m.file} was edited after being applied`);
        continue;
      }
      if (dryRun) console.log(`pending ${m.file}`);
      else await apply(db, m);
      count++;
    }
    console.log(`${count} migration(s) ${dryRun ? 'pending' : 'applied'}`);
  } finally {
    await db.end();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
