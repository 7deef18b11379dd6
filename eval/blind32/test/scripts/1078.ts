/**
 * questdb-ingest.ts - load market-data CSV fixtures into the local QuestDB via
 * the InfluxDB line protocol over TCP (127.0.0.1:9009) and verify the result
 * with the REST /exec endpoint (127.0.0.1:9000).
 *
 *   npx tsx tools/questdb-ingest.ts fixtures/trades/*.csv
 *   npx tsx tools/questdb-ingest.ts --truncate fixtures/trades/*.csv   # empties the DEV table first
 *
 * CSV columns: timestamp (ISO), symbol, side, price, amount.  The target table
 * name is `trades_dev`; truncation is only allowed for *_dev tables and the
 * host is hard-wired to loopback.
 */
import { createReadStream, existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";

const ILP = { host: "127.0.0.1", port: 9009 };
const REST = "http://127.0.0.1:9000";
const TABLE = process.env.QDB_TABLE ?? "trades_dev";
const FLUSH_EVERY = 10_000;

interface Stats {
  files: number;
  rows: number;
  skipped: number;
}

function escapeTag(value: string): string {
  return value.replace(/([ ,=])/g, "\\$1");
}

function toLine(cols: string[], header: string[]): string | null {
  const row = Object.fromEntries(header.map((h, i) => [h, cols[i]?.trim() ?? ""]));
  const ts = Date.parse(row.timestamp);
  const price = Number(row.price);
  const amount = Number(row.amount);
  if (Number.isNaN(ts) || !Number.isFinite(price) || !Number.isFinite(amount) || !row.symbol) return null;
  const side = row.side === "buy" || row.side === "sell" ? row.side : "unknown";
  const nanos = BigInt(ts) * 1_000_000n;
  return `${TABLE},symbol=${escapeTag(row.symbol)},side=${side} price=${price},amount=${amount} ${nanos}`;
}

// One TCP connection for the whole run; QuestDB commits ILP rows
// asynchronously, so the verification below polls for the count.
function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(ILP, () => resolve(socket));
    socket.setNoDelay(true);
    socket.once("error", reject);
  });
}

function write(socket: net.Socket, data: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.write(data)) resolve();
    else socket.once("drain", resolve);
    socket.once("error", reject);
  });
}

async function ingestFile(socket: net.Socket, file: string, stats: Stats): Promise<void> {
  const rl = readline.createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let header: string[] | null = null;
  let buffer: string[] = [];
  for await (const line of rl) {
    if (!line.trim()) continue;
    const cols = line.split(",");
    if (!header) {
      header = cols.map((c) => c.trim().toLowerCase());
      continue;
    }
    const lp = toLine(cols, header);
    if (!lp) {
      stats.skipped++;
      continue;
    }
    buffer.push(lp);
    stats.rows++;
    if (buffer.length >= FLUSH_EVERY) {
      await write(socket, buffer.join("\n") + "\n");
      buffer = [];
    }
  }
  if (buffer.length) await write(socket, buffer.join("\n") + "\n");
  stats.files++;
}

async function exec(query: string): Promise<{ dataset: unknown[][]; count?: number }> {
  const res = await fetch(`${REST}/exec?query=${encodeURIComponent(query)}`);
  const body = (await res.json()) as { dataset?: unknown[][]; count?: number; error?: string };
  if (!res.ok || body.error) throw new Error(`query failed: ${body.error ?? res.status}`);
  return { dataset: body.dataset ?? [], count: body.count };
}

async function tableCount(): Promise<number> {
  try {
    const r = await exec(`SELECT count() FROM ${TABLE}`);
    return Number(r.dataset[0]?.[0] ?? 0);
  } catch {
    return 0;
  }
}

async function truncate(): Promise<void> {
  if (!TABLE.endsWith("_dev")) throw new Error(`refusing to truncate ${TABLE}: only *_dev tables`);
  await exec(`TRUNCATE TABLE ${TABLE}`);
  console.log(`truncated ${TABLE}`);
}

async function waitForCommit(expected: number, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let count = 0;
  while (Date.now() < deadline) {
    count = await tableCount();
    if (count >= expected) return count;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return count;
}

async function sanity(): Promise<void> {
  const r = await exec(
    `SELECT symbol, count() n, min(price) lo, max(price) hi FROM ${TABLE} SAMPLE BY 1d ALIGN TO CALENDAR LIMIT 20`,
  );
  for (const row of r.dataset) console.log(`  ${row.join("  ")}`);
}

/** Make sure the table exists with a designated timestamp before ILP creates it ad hoc. */
async function ensureTable(): Promise<void> {
  await exec(
    `CREATE TABLE IF NOT EXISTS ${TABLE} (symbol SYMBOL, side SYMBOL, price DOUBLE, amount DOUBLE, timestamp TIMESTAMP) ` +
      "TIMESTAMP(timestamp) PARTITION BY DAY WAL",
  );
}

/** Duplicate detection: identical (symbol, timestamp) pairs usually mean a CSV was loaded twice. */
async function duplicates(): Promise<number> {
  try {
    const r = await exec(
      `SELECT count() FROM (SELECT symbol, timestamp, count() c FROM ${TABLE} GROUP BY symbol, timestamp) WHERE c > 1`,
    );
    return Number(r.dataset[0]?.[0] ?? 0);
  } catch {
    return 0;
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const files = args.filter((a) => !a.startsWith("--"));
  await ensureTable();
  if (!files.length) throw new Error("usage: questdb-ingest.ts [--truncate] FILE.csv...");
  for (const f of files) if (!existsSync(f)) throw new Error(`${f} not found`);
  if (args.includes("--truncate")) await truncate();
  const before = await tableCount();
  const stats: Stats = { files: 0, rows: 0, skipped: 0 };
  const socket = await connect();
  try {
    for (const f of files) {
      await ingestFile(socket, f, stats);
      console.log(`${path.basename(f)}: sent (${stats.rows} rows so far)`);
    }
  } finally {
    socket.end();
  }
  const after = await waitForCommit(before + stats.rows);
  console.log(`${stats.rows} rows sent from ${stats.files} file(s), ${stats.skipped} skipped; table has ${after} rows`);
  await sanity();
  const dups = await duplicates();
  if (dups) console.warn(`warning: ${dups} duplicated (symbol, timestamp) pair(s) in ${TABLE}`);
  if (after < before + stats.rows) {
    console.error("not all rows are visible yet (commit lag or rejected lines); check the QuestDB log");
    process.exitCode = 1;
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 2;
});
