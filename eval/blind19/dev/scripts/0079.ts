// scripts/search/reindex.ts
//
// Zero-downtime reindex of the products search index on the LOCAL
// Elasticsearch (docker compose) used by development and the e2e suite:
//
//   1. create products_v<timestamp> with the mapping from search/products.mapping.json
//   2. stream all rows from the local Postgres (pg, DATABASE_URL from .env) into it
//   3. atomically move the `products` alias to the new index
//   4. delete older products_v* indices, keeping the previous one for rollback
//
// Only ES_URL on localhost/127.0.0.1 is accepted: step 4 deletes indices.
//
//   npx tsx scripts/search/reindex.ts [--keep 2] [--batch 2000]

import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { Client as PgClient } from "pg";
import Cursor from "pg-cursor";

interface Options {
  keep: number;
  batch: number;
  dryRun: boolean;
}

interface ProductRow {
  id: number;
  sku: string;
  title: string;
  description: string | null;
  price_cents: number;
  tags: string[] | null;
  updated_at: Date;
}

const ROOT = path.resolve(__dirname, "..", "..");
const ES_URL = process.env.ES_URL ?? "http://127.0.0.1:9200";
const ALIAS = "products";
const MAPPING = path.join(ROOT, "search", "products.mapping.json");

function parseArgs(argv: string[]): Options {
  const opts: Options = { keep: 2, batch: 2000, dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case "--keep":
        opts.keep = Number(argv[++i]);
        break;
      case "--batch":
        opts.batch = Number(argv[++i]);
        break;
      case "--dry-run":
        opts.dryRun = true;
        break;
      default:
        throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (!(opts.keep >= 1)) throw new Error("--keep must be at least 1");
  return opts;
}

function assertLocalEs(): void {
  const host = new URL(ES_URL).hostname;
  if (host !== "localhost" && host !== "127.0.0.1") {
    throw new Error(`ES_URL=${ES_URL} is not local; this script deletes indices`);
  }
}

function databaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const envFile = path.join(ROOT, ".env");
  if (existsSync(envFile)) {
    const m = readFileSync(envFile, "utf8").match(/^DATABASE_URL=(.*)$/m);
    if (m) return m[1].trim().replace(/^"|"$/g, "");
  }
  throw new Error("DATABASE_URL not set");
}

async function es<T = any>(method: string, p: string, body?: unknown, ndjson = false): Promise<T> {
  const res = await fetch(ES_URL + p, {
    method,
    headers: body === undefined ? {} : { "Content-Type": ndjson ? "application/x-ndjson" : "application/json" },
    body: body === undefined ? undefined : ndjson ? (body as string) : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : {}) as T;
}

function toDoc(row: ProductRow) {
  return {
    sku: row.sku,
    title: row.title,
    description: row.description ?? "",
    price: row.price_cents / 100,
    tags: row.tags ?? [],
    updated_at: row.updated_at.toISOString(),
  };
}

async function bulk(index: string, rows: ProductRow[]): Promise<void> {
  const lines: string[] = [];
  for (const row of rows) {
    lines.push(JSON.stringify({ index: { _index: index, _id: String(row.id) } }));
    lines.push(JSON.stringify(toDoc(row)));
  }
  const res = await es<{ errors: boolean; items: any[] }>("POST", "/_bulk", lines.join("\n") + "\n", true);
  if (res.errors) {
    const first = res.items.find((i) => i.index?.error);
    throw new Error(`bulk error: ${JSON.stringify(first?.index?.error)}`);
  }
}

async function fill(index: string, batch: number): Promise<number> {
  const pg = new PgClient({ connectionString: databaseUrl() });
  await pg.connect();
  let total = 0;
  try {
    const cursor = pg.query(
      new Cursor<ProductRow>(
        "select id, sku, title, description, price_cents, tags, updated_at from products where deleted_at is null order by id",
      ),
    );
    for (;;) {
      const rows = await cursor.read(batch);
      if (rows.length === 0) break;
      await bulk(index, rows);
      total += rows.length;
      process.stdout.write(`\r  indexed ${total}`);
    }
    await cursor.close();
  } finally {
    await pg.end();
  }
  process.stdout.write("\n");
  return total;
}

async function currentTargets(): Promise<string[]> {
  try {
    const res = await es<Record<string, unknown>>("GET", `/_alias/${ALIAS}`);
    return Object.keys(res);
  } catch {
    return [];
  }
}

async function versions(): Promise<string[]> {
  const rows = await es<{ index: string }[]>("GET", `/_cat/indices/${ALIAS}_v*?format=json&h=index`);
  return rows.map((r) => r.index).sort();
}

async function swapAlias(newIndex: string, old: string[]): Promise<void> {
  const actions = [
    ...old.map((index) => ({ remove: { index, alias: ALIAS } })),
    { add: { index: newIndex, alias: ALIAS } },
  ];
  await es("POST", "/_aliases", { actions });
}

async function prune(keep: number, live: string): Promise<string[]> {
  const all = await versions();
  const doomed = all.filter((i) => i !== live).slice(0, Math.max(0, all.length - keep));
  for (const index of doomed) {
    if (!index.startsWith(`${ALIAS}_v`)) continue;
    await es("DELETE", `/${index}`);
  }
  return doomed;
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  assertLocalEs();
  const mapping = JSON.parse(readFileSync(MAPPING, "utf8"));
  const index = `${ALIAS}_v${Date.now()}`;
  console.log(`creating ${index}`);
  await es("PUT", `/${index}`, { ...mapping, settings: { ...(mapping.settings ?? {}), refresh_interval: "-1" } });
  const count = await fill(index, opts.batch);
  await es("PUT", `/${index}/_settings`, { index: { refresh_interval: "1s" } });
  await es("POST", `/${index}/_refresh`);
  const { count: esCount } = await es<{ count: number }>("GET", `/${index}/_count`);
  if (esCount !== count) throw new Error(`count mismatch: pg ${count}, es ${esCount}`);
  if (opts.dryRun) {
    console.log("dry run: leaving alias untouched, deleting the new index");
    await es("DELETE", `/${index}`);
    return;
  }
  const old = await currentTargets();
  await swapAlias(index, old);
  console.log(`alias ${ALIAS} -> ${index} (was ${old.join(", ") || "none"})`);
  const removed = await prune(opts.keep, index);
  if (removed.length) console.log(`deleted old indices: ${removed.join(", ")}`);
}

main().catch((err: Error) => {
  console.error(`reindex: ${err.message}`);
  process.exitCode = 1;
});
