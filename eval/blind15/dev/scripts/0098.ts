// scripts/export-metrics.ts - export weekly product metrics from the
// analytics read replica into CSV files under ./exports for the data team.
//
//   npx tsx scripts/export-metrics.ts --week 2024-W23
//   npx tsx scripts/export-metrics.ts --from 2024-06-01 --to 2024-06-08 --only signups,orders
//
// Connects read-only (default_transaction_read_only) to the replica named in
// ANALYTICS_DB_URL, which must be localhost or a *.internal host. Queries are
// fixed SQL with bound parameters; metric names are checked against a list.
import { createWriteStream, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { once } from "node:events";
import pg from "pg";

interface Range {
  from: string;
  to: string;
  label: string;
}

const QUERIES: Record<string, string> = {
  signups: `SELECT date_trunc('day', created_at)::date AS day, count(*) AS signups
              FROM users WHERE created_at >= $1 AND created_at < $2 GROUP BY 1 ORDER BY 1`,
  orders: `SELECT date_trunc('day', placed_at)::date AS day, count(*) AS orders, sum(total_cents) AS revenue_cents
             FROM orders WHERE placed_at >= $1 AND placed_at < $2 AND status <> 'cancelled' GROUP BY 1 ORDER BY 1`,
  churn: `SELECT date_trunc('day', cancelled_at)::date AS day, count(*) AS cancellations
            FROM subscriptions WHERE cancelled_at >= $1 AND cancelled_at < $2 GROUP BY 1 ORDER BY 1`,
  top_products: `SELECT p.sku, p.name, sum(li.qty) AS units
                   FROM line_items li JOIN products p ON p.id = li.product_id
                   JOIN orders o ON o.id = li.order_id
                  WHERE o.placed_at >= $1 AND o.placed_at < $2
                  GROUP BY 1, 2 ORDER BY units DESC LIMIT 50`,
};

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const WEEK_RE = /^(\d{4})-W(\d{2})$/;

function isoWeekRange(year: number, week: number): Range {
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(jan4);
  monday.setUTCDate(jan4.getUTCDate() - ((jan4.getUTCDay() + 6) % 7) + (week - 1) * 7);
  const next = new Date(monday);
  next.setUTCDate(monday.getUTCDate() + 7);
  const d = (x: Date) => x.toISOString().slice(0, 10);
  return { from: d(monday), to: d(next), label: `${year}-W${String(week).padStart(2, "0")}` };
}

function parseArgs(argv: string[]): { range: Range; only: string[] } {
  const get = (f: string) => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : undefined);
  let range: Range;
  const week = get("--week");
  if (week) {
    const m = WEEK_RE.exec(week);
    if (!m) throw new Error("--week like 2024-W23");
    range = isoWeekRange(Number(m[1]), Number(m[2]));
  } else {
    const from = get("--from");
    const to = get("--to");
    if (!from || !to || !DATE_RE.test(from) || !DATE_RE.test(to)) throw new Error("--from/--to YYYY-MM-DD or --week");
    range = { from, to, label: `${from}_${to}` };
  }
  const only = (get("--only") ?? Object.keys(QUERIES).join(",")).split(",");
  for (const name of only) if (!(name in QUERIES)) throw new Error(`unknown metric ${name}`);
  return { range, only };
}

function connectionString(): string {
  const url = process.env.ANALYTICS_DB_URL;
  if (!url) throw new Error("ANALYTICS_DB_URL is not set");
  const host = new URL(url).hostname;
  if (host !== "localhost" && host !== "127.0.0.1" && !host.endsWith(".internal")) {
    throw new Error(`refusing ${host}: use the internal read replica`);
  }
  return url;
}

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "";
  const s = v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

async function exportOne(client: pg.Client, name: string, range: Range, dir: string): Promise<number> {
  const res = await client.query(QUERIES[name], [range.from, range.to]);
  const file = join(dir, `${name}.csv`);
  const out = createWriteStream(file);
  out.write(res.fields.map((f) => f.name).join(",") + "\n");
  for (const row of res.rows) {
    const line = res.fields.map((f) => csvCell((row as Record<string, unknown>)[f.name])).join(",") + "\n";
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return res.rowCount ?? 0;
}

function writeManifest(dir: string, range: Range, counts: Record<string, number>): void {
  const manifest = {
    range,
    generatedAt: new Date().toISOString(),
    metrics: counts,
    source: "analytics read replica",
  };
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
}

function usage(): string {
  return [
    "export-metrics.ts --week YYYY-Www | --from YYYY-MM-DD --to YYYY-MM-DD [--only a,b]",
    "",
    `metrics: ${Object.keys(QUERIES).join(", ")}`,
    "env: ANALYTICS_DB_URL (localhost or *.internal read replica)",
  ].join("\n");
}

async function replicaLag(client: pg.Client): Promise<number | null> {
  try {
    const res = await client.query(
      "SELECT EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp())::int AS lag",
    );
    return (res.rows[0] as { lag: number | null }).lag;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  if (process.argv.includes("--help")) {
    console.log(usage());
    return;
  }
  const { range, only } = parseArgs(process.argv.slice(2));
  const client = new pg.Client({
    connectionString: connectionString(),
    application_name: "export-metrics",
    statement_timeout: 120_000,
  });
  await client.connect();
  try {
    await client.query("SET default_transaction_read_only = on");
    const lag = await replicaLag(client);
    if (lag !== null && lag > 3600) console.warn(`warning: replica is ${lag}s behind`);
    const dir = join(process.cwd(), "exports", range.label);
    mkdirSync(dir, { recursive: true });
    const counts: Record<string, number> = {};
    for (const name of only) {
      const started = Date.now();
      const n = await exportOne(client, name, range, dir);
      counts[name] = n;
      console.log(`${name.padEnd(14)} ${String(n).padStart(6)} rows  ${Date.now() - started} ms`);
    }
    writeManifest(dir, range, counts);
    console.log(`exports written to exports/${range.label}/`);
  } finally {
    await client.end();
  }
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
