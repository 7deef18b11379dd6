#!/usr/bin/env -S npx tsx
/**
 * pgvector-migrate.ts — change the embedding dimension / index of the search
 * tables in the *development* database without losing the source text.
 *
 * When the embedding model changes, the vector column must be recreated:
 *   1. add a new column  embedding_next vector(<dim>)
 *   2. re-embed rows in batches (local sentence-transformers service on
 *      http://localhost:7997 or the OpenAI API when EMBED_BACKEND=openai)
 *   3. build the new index CONCURRENTLY
 *   4. swap the columns in one transaction, drop the old index
 *
 * Steps 1–3 are resumable; step 4 only runs with --swap. Every step checks that
 * DATABASE_URL targets localhost / *.internal and a database ending in _dev.
 *
 *   npx tsx tools/pgvector-migrate.ts plan --table passages --dim 1024
 *   npx tsx tools/pgvector-migrate.ts run  --table passages --dim 1024
 *   npx tsx tools/pgvector-migrate.ts run  --table passages --dim 1024 --swap
 */
import { readFileSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";

const ROOT = resolve(__dirname, "..");
const BATCH = 256;
const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

type Backend = "local" | "openai";

interface Options {
  command: "plan" | "run";
  table: string;
  dim: number;
  swap: boolean;
  backend: Backend;
}

function readDotEnv(): Record<string, string> {
  const file = join(ROOT, ".env");
  if (!existsSync(file)) return {};
  const entries = readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((l) => /^([A-Z0-9_]+)=(.*)$/.exec(l.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1], m[2].replace(/^["']|["']$/g, "")] as const);
  return Object.fromEntries(entries);
}

const dotenv = readDotEnv();
const setting = (key: string, fallback?: string): string | undefined => process.env[key] ?? dotenv[key] ?? fallback;

function parseOptions(argv: string[]): Options {
  const [command, ...rest] = argv;
  if (command !== "plan" && command !== "run") throw new Error("usage: pgvector-migrate.ts plan|run --table T --dim N [--swap]");
  const value = (flag: string) => {
    const i = rest.indexOf(flag);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const table = value("--table") ?? "";
  const dim = Number(value("--dim"));
  if (!IDENT.test(table)) throw new Error(`invalid table name ${table}`);
  if (!Number.isInteger(dim) || dim < 8 || dim > 4096) throw new Error("--dim must be an integer between 8 and 4096");
  return { command, table, dim, swap: rest.includes("--swap"), backend: (setting("EMBED_BACKEND", "local") as Backend) };
}

function assertDevDatabase(url: string): void {
  const u = new URL(url);
  const host = u.hostname;
  const db = u.pathname.replace(/^\//, "");
  const devHost = host === "localhost" || host === "127.0.0.1" || host.endsWith(".internal");
  if (!devHost) {
    throw new Error(`DATABASE_URL host ${host} is not a development host`);
  }
  if (!db.endsWith("_dev")) throw new Error(`database ${db} does not end in _dev`);
}

async function embedLocal(texts: string[]): Promise<number[][]> {
  const res = await fetch("http://localhost:7997/embeddings", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ input: texts, model: setting("EMBED_MODEL", "bge-m3") }),
  });
  if (!res.ok) throw new Error(`local embedder: ${res.status}`);
  const json = (await res.json()) as { data: { embedding: number[] }[] };
  return json.data.map((d) => d.embedding);
}

async function embedOpenAI(texts: string[], dim: number): Promise<number[][]> {
  const key = setting("OPENAI_API_KEY");
  if (!key) throw new Error("EMBED_BACKEND=openai needs OPENAI_API_KEY");
  const res = await fetch("https://api.openai.com/v1/embeddings", {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ model: setting("EMBED_MODEL", "text-embedding-3-large"), input: texts, dimensions: dim }),
  });
  if (!res.ok) throw new Error(`OpenAI embeddings request failed (${res.status}): ${(await res.text()).slice(0, 240)}`);
  const json = (await res.json()) as { data: { embedding: number[] }[] };
  return json.data.map((d) => d.embedding);
}

function vectorLiteral(v: number[]): string {
  return `[${v.map((x) => (Number.isFinite(x) ? x.toFixed(7) : "0")).join(",")}]`;
}

async function columnExists(client: pg.Client, table: string, column: string): Promise<boolean> {
  const r = await client.query(
    "SELECT 1 FROM information_schema.columns WHERE table_name = $1 AND column_name = $2",
    [table, column],
  );
  return (r.rowCount ?? 0) > 0;
}

async function plan(client: pg.Client, o: Options): Promise<void> {
  const total = await client.query(`SELECT count(*)::int AS n FROM ${o.table}`);
  const hasNext = await columnExists(client, o.table, "embedding_next");
  const pending = hasNext
    ? await client.query(`SELECT count(*)::int AS n FROM ${o.table} WHERE embedding_next IS NULL`)
    : total;
  console.log(`table ${o.table}: ${total.rows[0].n} rows`);
  console.log(`embedding_next column: ${hasNext ? "present" : "to be created"} (vector(${o.dim}))`);
  console.log(`rows still to embed: ${pending.rows[0].n} in batches of ${BATCH} via ${o.backend}`);
  console.log(`index: ${o.table}_embedding_next_hnsw (hnsw, vector_cosine_ops), built CONCURRENTLY`);
  console.log(o.swap ? "swap: will rename columns and drop the old index" : "swap: not requested");
}

async function reembed(client: pg.Client, o: Options): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await client.query<{ id: number; body: string }>(
      `SELECT id, body FROM ${o.table} WHERE embedding_next IS NULL ORDER BY id LIMIT ${BATCH}`,
    );
    if (!batch.rowCount) return done;
    const texts = batch.rows.map((r) => r.body ?? "");
    const vectors = o.backend === "openai" ? await embedOpenAI(texts, o.dim) : await embedLocal(texts);
    if (vectors.some((v) => v.length !== o.dim)) throw new Error(`embedder returned wrong dimension (want ${o.dim})`);
    await client.query("BEGIN");
    for (let i = 0; i < batch.rows.length; i += 1) {
      await client.query(`UPDATE ${o.table} SET embedding_next = $1::vector WHERE id = $2`, [
        vectorLiteral(vectors[i]),
        batch.rows[i].id,
      ]);
    }
    await client.query("COMMIT");
    done += batch.rows.length;
    process.stdout.write(`\rembedded ${done} rows`);
  }
}

async function run(client: pg.Client, o: Options): Promise<void> {
  if (!(await columnExists(client, o.table, "embedding_next"))) {
    await client.query(`ALTER TABLE ${o.table} ADD COLUMN embedding_next vector(${o.dim})`);
    console.log("added column embedding_next");
  }
  const n = await reembed(client, o);
  if (n) process.stdout.write("\n");
  await client.query(
    `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${o.table}_embedding_next_hnsw ON ${o.table} USING hnsw (embedding_next vector_cosine_ops)`,
  );
  console.log("index ready");
  if (!o.swap) {
    console.log("re-run with --swap to switch the application to the new column");
    return;
  }
  await client.query("BEGIN");
  await client.query(`ALTER TABLE ${o.table} RENAME COLUMN embedding TO embedding_old`);
  await client.query(`ALTER TABLE ${o.table} RENAME COLUMN embedding_next TO embedding`);
  await client.query(`ALTER INDEX ${o.table}_embedding_next_hnsw RENAME TO ${o.table}_embedding_hnsw_v2`);
  await client.query("COMMIT");
  await client.query(`DROP INDEX CONCURRENTLY IF EXISTS ${o.table}_embedding_hnsw`);
  console.log(`swapped; old vectors kept in ${o.table}.embedding_old until you drop it`);
}

async function main(): Promise<void> {
  const o = parseOptions(process.argv.slice(2));
  const url = setting("DATABASE_URL");
  if (!url) throw new Error("DATABASE_URL not set (.env)");
  assertDevDatabase(url);
  const client = new pg.Client({ connectionString: url, application_name: "pgvector-migrate" });
  await client.connect();
  try {
    if (o.command === "plan") await plan(client, o);
    else await run(client, o);
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

main().catch((err: Error) => {
  console.error(`pgvector-migrate: ${err.message}`);
  process.exitCode = 1;
});
