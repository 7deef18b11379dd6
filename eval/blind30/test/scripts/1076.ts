/**
 * zammad-bi-export.ts - nightly ticket metadata export for the BI warehouse (read-only)
 *
 *   npx tsx etl/zammad-bi-export.ts --since 2024-06-01 [--out warehouse/staging/zammad]
 *
 * Pulls ticket *metadata* (no article bodies, no customer contact data) from the Zammad
 * REST API with the BI token (ZAMMAD_BASE / ZAMMAD_BI_TOKEN in .env, sent as
 * "Authorization: Token token=..." to that host only) and writes Parquet-friendly NDJSON
 * partitions per day. Customer ids are replaced by a keyed hash (BI_HASH_SALT) so the
 * warehouse can count returning customers without storing who they are.
 */
import { createHmac } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

interface Options {
  since: string;
  out: string;
  pageSize: number;
}

interface RawTicket {
  id: number;
  number: string;
  group_id: number;
  state_id: number;
  priority_id: number;
  customer_id: number;
  owner_id: number;
  organization_id: number | null;
  created_at: string;
  updated_at: string;
  close_at: string | null;
  first_response_at: string | null;
  article_count: number;
  create_article_type_id: number;
  tags?: string[];
}

interface FactRow {
  ticket_id: number;
  day: string;
  group: string;
  state: string;
  priority: string;
  channel: string;
  customer_key: string;
  organization_id: number | null;
  articles: number;
  first_response_minutes: number | null;
  resolution_minutes: number | null;
}

function loadEnv(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  const out: Record<string, string> = {};
  if (existsSync(file)) {
    for (const entry of readFileSync(file, "utf8").split(/\r?\n/)) {
      const m = /^(ZAMMAD_[A-Z_]+|BI_[A-Z_]+)=(.*)$/.exec(entry.trim());
      if (m) out[m[1]] = m[2].replace(/^"|"$/g, "").trim();
    }
  }
  for (const [k, v] of Object.entries(process.env)) if (v && /^(ZAMMAD_|BI_)/.test(k)) out[k] = v;
  return out;
}

const env = loadEnv();

function parseOptions(argv: readonly string[]): Options {
  const o: Options = { since: new Date(Date.now() - 86400000).toISOString().slice(0, 10), out: "warehouse/staging/zammad", pageSize: 100 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--since") o.since = argv[++i];
    else if (argv[i] === "--out") o.out = argv[++i];
    else if (argv[i] === "--page-size") o.pageSize = Number(argv[++i]);
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(o.since)) throw new Error("--since must be YYYY-MM-DD");
  return o;
}

class ZammadReader {
  private calls = 0;
  constructor(private readonly base: string, private readonly token: string) {}

  get requestCount(): number {
    return this.calls;
  }

  async get<T>(route: string, params: Record<string, string | number> = {}): Promise<T> {
    const url = new URL(`${this.base.replace(/\/$/, "")}/api/v1/${route}`);
    Object.entries(params).forEach(([name, value]) => url.searchParams.set(name, String(value)));
    let delay = 800;
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(url, { headers: { Authorization: `Token token=${this.token}`, Accept: "application/json" } });
      this.calls++;
      if (res.ok) return (await res.json()) as T;
      if (attempt >= 5 || !(res.status === 429 || res.status >= 500)) throw new Error(`GET ${route}: HTTP ${res.status}`);
      await new Promise((done) => setTimeout(done, delay));
      delay *= 2;
    }
  }

  async lookup(route: string): Promise<Map<number, string>> {
    const items = await this.get<{ id: number; name: string }[]>(route);
    return new Map(items.map((i) => [i.id, i.name]));
  }

  async *tickets(since: string, pageSize: number): AsyncGenerator<RawTicket> {
    for (let page = 1; ; page++) {
      const batch = await this.get<RawTicket[]>("tickets/search", {
        query: `updated_at:>=${since}`,
        page,
        per_page: pageSize,
        sort_by: "id",
        order_by: "asc",
      });
      yield* batch;
      if (batch.length < pageSize) return;
    }
  }
}

function minutes(from: string | null, to: string | null): number | null {
  if (!from || !to) return null;
  return Math.round((Date.parse(to) - Date.parse(from)) / 60000);
}

function customerKey(id: number, salt: string): string {
  return createHmac("sha256", salt).update(String(id)).digest("hex").slice(0, 24);
}

function toFact(t: RawTicket, lk: Record<string, Map<number, string>>, salt: string): FactRow {
  return {
    ticket_id: t.id,
    day: t.created_at.slice(0, 10),
    group: lk.groups.get(t.group_id) ?? String(t.group_id),
    state: lk.states.get(t.state_id) ?? String(t.state_id),
    priority: lk.priorities.get(t.priority_id) ?? String(t.priority_id),
    channel: lk.articleTypes.get(t.create_article_type_id) ?? "unknown",
    customer_key: customerKey(t.customer_id, salt),
    organization_id: t.organization_id,
    articles: t.article_count,
    first_response_minutes: minutes(t.created_at, t.first_response_at),
    resolution_minutes: minutes(t.created_at, t.close_at),
  };
}

function writePartitions(outDir: string, rows: FactRow[]): Map<string, number> {
  const byDay = new Map<string, FactRow[]>();
  for (const r of rows) {
    const list = byDay.get(r.day) ?? [];
    list.push(r);
    byDay.set(r.day, list);
  }
  const counts = new Map<string, number>();
  for (const [day, list] of byDay) {
    const dir = path.join(outDir, `day=${day}`);
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, "tickets.ndjson");
    const existing = existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as FactRow) : [];
    const merged = new Map<number, FactRow>(existing.map((r) => [r.ticket_id, r]));
    for (const r of list) merged.set(r.ticket_id, r);
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, [...merged.values()].map((r) => JSON.stringify(r)).join("\n") + "\n");
    renameSync(tmp, file);
    counts.set(day, merged.size);
  }
  return counts;
}

async function main(): Promise<void> {
  const opts: Options = parseOptions(process.argv.slice(2));
  const base = env.ZAMMAD_BASE;
  const token = env.ZAMMAD_BI_TOKEN;
  const salt = env.BI_HASH_SALT;
  if (!base || !token || !salt) throw new Error("ZAMMAD_BASE, ZAMMAD_BI_TOKEN and BI_HASH_SALT are required");
  const outDir = path.resolve(ROOT, opts.out);
  if (!outDir.startsWith(ROOT + path.sep)) throw new Error("--out must be inside the repository");

  const reader = new ZammadReader(base, token);
  const lookups = {
    groups: await reader.lookup("groups"),
    states: await reader.lookup("ticket_states"),
    priorities: await reader.lookup("ticket_priorities"),
    articleTypes: await reader.lookup("ticket_article_types"),
  };
  const rows: FactRow[] = [];
  for await (const t of reader.tickets(opts.since, opts.pageSize)) rows.push(toFact(t, lookups, salt));
  const counts = writePartitions(outDir, rows);
  for (const [day, n] of [...counts].sort()) console.log(`day=${day}: ${n} ticket(s)`);
  writeFileSync(path.join(outDir, "_last_run.json"), JSON.stringify({ since: opts.since, rows: rows.length, calls: reader.requestCount, at: new Date().toISOString() }, null, 2));
  console.log(`${rows.length} ticket(s) exported with ${reader.requestCount} API call(s)`);
}

main().catch((err: Error) => {
  console.error(`zammad-bi-export: ${err.message}`);
  process.exit(1);
});
