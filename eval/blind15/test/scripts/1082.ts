// tools/backfill-statement-totals.ts - post-migration backfill for
// statements.total_minor (added by migration 0042). Walks statements in
// primary-key order with a server-side cursor, recomputes totals from
// postings, and updates in small transactions. Resumable and idempotent.
//
//   DATABASE_URL=postgres://dev:dev@localhost:5432/ledger_dev npx tsx tools/backfill-statement-totals.ts
//   npx tsx tools/backfill-statement-totals.ts --batch 200 --apply
//   npx tsx tools/backfill-statement-totals.ts --verify
import { existsSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";

interface Options {
  apply: boolean;
  verify: boolean;
  batch: number;
  pauseMs: number;
  maxBatches: number;
}

interface State {
  lastId: number;
  updated: number;
  mismatched: number;
}

const STATE_FILE = join(process.cwd(), ".backfill-statement-totals.json");
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "db"]);

const SELECT_BATCH = `
  SELECT s.id, s.total_minor AS current,
         COALESCE(SUM(p.amount_minor), 0)::bigint AS computed
    FROM statements s
    LEFT JOIN postings p ON p.statement_id = s.id
   WHERE s.id > $1
   GROUP BY s.id
   ORDER BY s.id
   LIMIT $2`;

const UPDATE_BATCH = `
  UPDATE statements AS s SET total_minor = v.total
    FROM unnest($1::bigint[], $2::bigint[]) AS v(id, total)
   WHERE s.id = v.id AND s.total_minor IS DISTINCT FROM v.total`;

function options(argv: string[]): Options {
  const num = (flag: string, d: number) => (argv.includes(flag) ? Number(argv[argv.indexOf(flag) + 1]) : d);
  const o: Options = {
    apply: argv.includes("--apply"),
    verify: argv.includes("--verify"),
    batch: num("--batch", 500),
    pauseMs: num("--pause-ms", 25),
    maxBatches: num("--max-batches", Number.POSITIVE_INFINITY),
  };
  if (!Number.isInteger(o.batch) || o.batch < 1 || o.batch > 10_000) throw new Error("--batch must be 1..10000");
  if (!(o.pauseMs >= 0)) throw new Error("--pause-ms must be >= 0");
  return o;
}

function connectionString(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const host = new URL(url).hostname;
  if (!LOCAL_HOSTS.has(host) && !host.endsWith(".dev.internal")) {
    throw new Error(`refusing ${host}: run this only against local or *.dev.internal databases`);
  }
  return url;
}

function loadState(): State {
  if (!existsSync(STATE_FILE)) return { lastId: 0, updated: 0, mismatched: 0 };
  return JSON.parse(readFileSync(STATE_FILE, "utf8")) as State;
}

function saveState(s: State): void {
  writeFileSync(STATE_FILE, JSON.stringify(s, null, 2));
}

async function batch(client: pg.Client, afterId: number, size: number) {
  const { rows } = await client.query<{ id: string; current: string | null; computed: string }>(SELECT_BATCH, [afterId, size]);
  return rows.map((r) => ({ id: Number(r.id), current: r.current === null ? null : Number(r.current), computed: Number(r.computed) }));
}

async function run(client: pg.Client, o: Options): Promise<State> {
  const state = loadState();
  let batches = 0;
  let stop = false;
  const onSigint = () => {
    stop = true;
    console.log("\nstopping after this batch");
  };
  process.once("SIGINT", onSigint);
  while (!stop && batches < o.maxBatches) {
    const rows = await batch(client, state.lastId, o.batch);
    if (!rows.length) break;
    const changed = rows.filter((r) => r.current !== r.computed);
    state.mismatched += changed.length;
    if (o.apply && changed.length) {
      await client.query("BEGIN");
      try {
        const res = await client.query(UPDATE_BATCH, [changed.map((r) => r.id), changed.map((r) => r.computed)]);
        await client.query("COMMIT");
        state.updated += res.rowCount ?? 0;
      } catch (e) {
        await client.query("ROLLBACK");
        throw e;
      }
    }
    state.lastId = rows[rows.length - 1].id;
    batches++;
    if (o.apply) saveState(state);
    console.log(`through id ${state.lastId}: ${changed.length}/${rows.length} differ${o.apply ? " (updated)" : ""}`);
    if (o.pauseMs) await new Promise((r) => setTimeout(r, o.pauseMs));
  }
  process.removeListener("SIGINT", onSigint);
  return state;
}

async function verify(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`
    SELECT count(*) AS n FROM (
      SELECT s.id FROM statements s LEFT JOIN postings p ON p.statement_id = s.id
       GROUP BY s.id, s.total_minor
      HAVING s.total_minor IS DISTINCT FROM COALESCE(SUM(p.amount_minor), 0)
    ) x`);
  return Number(rows[0].n);
}

async function main(): Promise<void> {
  const o = options(process.argv.slice(2));
  const client = new pg.Client({ connectionString: connectionString(), application_name: "backfill-statement-totals" });
  await client.connect();
  try {
    if (o.verify) {
      const n = await verify(client);
      console.log(n ? `${n} statement(s) still differ` : "all statement totals match their postings");
      process.exitCode = n ? 1 : 0;
      return;
    }
    console.log(o.apply ? "APPLY mode" : "dry run (pass --apply to write)");
    const state = await run(client, o);
    console.log(`done: ${state.mismatched} differing, ${state.updated} updated, last id ${state.lastId}`);
    if (o.apply && (await verify(client)) === 0 && existsSync(STATE_FILE)) rmSync(STATE_FILE);
  } finally {
    await client.end();
  }
}

main().catch((e: Error) => {
  console.error(`backfill: ${e.message}`);
  process.exit(1);
});
