#!/usr/bin/env -S npx tsx
/**
 * CockroachDB migration runner for the ledger service (local/dev only).
 *
 *   npx tsx tools/crdb-migrate.ts status
 *   npx tsx tools/crdb-migrate.ts up [--to 0012]
 *   npx tsx tools/crdb-migrate.ts reset --yes      # DROP + CREATE the dev database
 *
 * Migrations are db/crdb/NNNN_name.up.sql.  Applied versions live in
 * ledger.schema_migrations.  Connection string: DATABASE_URL from .env, which
 * must point at localhost; `reset` additionally requires a *_dev database name.
 * Each migration runs in its own transaction with CockroachDB's retry protocol
 * (SAVEPOINT cockroach_restart) because schema changes can hit 40001 errors.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

type Migration = { version: number; name: string; file: string; sql: string; checksum: string };
type Applied = { version: number; checksum: string; applied_at: Date };

const ROOT = path.resolve(__dirname, "..");
const DIR = path.join(ROOT, "db", "crdb");
const FILE_RE = /^(\d{4})_([a-z0-9_]+)\.up\.sql$/;
const MAX_RETRIES = 8;

function env(name: string): string | undefined {
  if (process.env[name]) return process.env[name];
  const file = path.join(ROOT, ".env");
  if (!existsSync(file)) return undefined;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const i = line.indexOf("=");
    if (i > 0 && line.slice(0, i).trim() === name) return line.slice(i + 1).trim().replace(/^"|"$/g, "");
  }
  return undefined;
}

function connectionInfo(): { url: string; database: string } {
  const url = env("DATABASE_URL");
  if (!url) throw new Error("DATABASE_URL is not set");
  const parsed = new URL(url);
  if (!["localhost", "127.0.0.1"].includes(parsed.hostname)) {
    throw new Error(`refusing to migrate ${parsed.hostname}: this runner is for the local node only`);
  }
  return { url, database: parsed.pathname.replace(/^\//, "") };
}

function loadMigrations(): Migration[] {
  const out: Migration[] = [];
  for (const file of readdirSync(DIR).sort()) {
    const m = FILE_RE.exec(file);
    if (!m) continue;
    const sql = readFileSync(path.join(DIR, file), "utf8");
    out.push({
      version: Number(m[1]),
      name: m[2],
      file,
      sql,
      checksum: createHash("sha256").update(sql).digest("hex").slice(0, 16),
    });
  }
  const seen = new Set<number>();
  for (const mig of out) {
    if (seen.has(mig.version)) throw new Error(`duplicate migration version ${mig.version}`);
    seen.add(mig.version);
  }
  return out;
}

async function ensureTable(client: pg.Client): Promise<void> {
  await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INT8 PRIMARY KEY,
    name STRING NOT NULL,
    checksum STRING NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`);
}

async function applied(client: pg.Client): Promise<Map<number, Applied>> {
  const res = await client.query<Applied>("SELECT version, checksum, applied_at FROM schema_migrations");
  return new Map(res.rows.map((r) => [Number(r.version), r]));
}

function isRetryable(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: string }).code === "40001";
}

async function runInRetryTxn(client: pg.Client, fn: () => Promise<void>): Promise<void> {
  await client.query("BEGIN");
  await client.query("SAVEPOINT cockroach_restart");
  for (let attempt = 1; ; attempt++) {
    try {
      await fn();
      await client.query("RELEASE SAVEPOINT cockroach_restart");
      await client.query("COMMIT");
      return;
    } catch (err) {
      if (isRetryable(err) && attempt < MAX_RETRIES) {
        await client.query("ROLLBACK TO SAVEPOINT cockroach_restart");
        await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
        continue;
      }
      await client.query("ROLLBACK").catch(() => undefined);
      throw err;
    }
  }
}

async function status(client: pg.Client, migrations: Migration[]): Promise<number> {
  const done = await applied(client);
  let drift = 0;
  for (const m of migrations) {
    const a = done.get(m.version);
    let state = "pending";
    if (a) state = a.checksum === m.checksum ? `applied ${a.applied_at.toISOString().slice(0, 19)}` : "CHANGED";
    if (state === "CHANGED") drift++;
    console.log(`${String(m.version).padStart(4, "0")}  ${m.name.padEnd(40)} ${state}`);
  }
  for (const v of done.keys()) {
    if (!migrations.some((m) => m.version === v)) console.log(`${String(v).padStart(4, "0")}  (missing file)`);
  }
  return drift;
}

async function up(client: pg.Client, migrations: Migration[], target?: number): Promise<void> {
  const done = await applied(client);
  const pending = migrations.filter((m) => !done.has(m.version) && (target === undefined || m.version <= target));
  if (!pending.length) {
    console.log("nothing to apply");
    return;
  }
  for (const m of pending) {
    const t0 = Date.now();
    await runInRetryTxn(client, async () => {
      await client.query(m.sql);
      await client.query("INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)",
        [m.version, m.name, m.checksum]);
    });
    console.log(`applied ${m.file} in ${Date.now() - t0} ms`);
  }
}

async function reset(url: string, database: string): Promise<void> {
  if (!/_dev$/.test(database)) throw new Error(`reset only works on *_dev databases, not ${database}`);
  const adminUrl = new URL(url);
  adminUrl.pathname = "/defaultdb";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${database} CASCADE`);
    await admin.query(`CREATE DATABASE ${database}`);
    console.log(`recreated ${database}`);
  } finally {
    await admin.end();
  }
}

function parseTarget(args: string[]): number | undefined {
  const i = args.indexOf("--to");
  if (i < 0) return undefined;
  const v = Number(args[i + 1]);
  if (!Number.isInteger(v)) throw new Error("--to needs a migration number");
  return v;
}

async function main(): Promise<void> {
  const [command = "status", ...args] = process.argv.slice(2);
  const { url, database } = connectionInfo();
  if (command === "reset") {
    if (!args.includes("--yes")) throw new Error("reset needs --yes");
    await reset(url, database);
    return;
  }
  const migrations = loadMigrations();
  const client = new pg.Client({ connectionString: url, application_name: "crdb-migrate" });
  await client.connect();
  try {
    await ensureTable(client);
    if (command === "status") {
      const drift = await status(client, migrations);
      if (drift) process.exitCode = 1;
    } else if (command === "up") {
      await up(client, migrations, parseTarget(args));
    } else {
      throw new Error(`unknown command ${command}`);
    }
  } finally {
    await client.end();
  }
}

main().catch((err: Error) => {
  console.error(`crdb-migrate: ${err.message}`);
  process.exitCode = 1;
});
