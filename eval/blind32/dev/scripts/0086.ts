/**
 * redash-export.ts - keep Redash queries and dashboards in git.
 *
 * Pulls every query (SQL + visualisations) and dashboard from the team Redash
 * at https://redash.internal using the user API key from .env
 * (REDASH_API_KEY, sent as "Authorization: Key ..."), and writes:
 *   analytics/redash/queries/<id>-<slug>.sql     (SQL with a metadata header)
 *   analytics/redash/queries/<id>-<slug>.json    (visualisations, options)
 *   analytics/redash/dashboards/<slug>.json
 * Archived queries are skipped; files of queries that disappeared are removed
 * from analytics/redash/ only (the export folder is owned by this script).
 *
 * Read-only towards Redash: GET requests only.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "analytics", "redash");
const PAGE_SIZE = 100;

interface Query {
  id: number;
  name: string;
  description: string | null;
  query: string;
  data_source_id: number;
  is_archived: boolean;
  tags: string[];
  options: Record<string, unknown>;
  visualizations?: { id: number; type: string; name: string; options: Record<string, unknown> }[];
  schedule: unknown;
}

interface Dashboard {
  id: number;
  slug: string;
  name: string;
  tags: string[];
  widgets?: { visualization?: { query: { id: number } }; text?: string; options: Record<string, unknown> }[];
}

function settings(): { base: string; key: string } {
  const env: Record<string, string | undefined> = { ...process.env };
  const file = path.join(ROOT, ".env");
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const m = /^(REDASH_[A-Z_]+)=(.*)$/.exec(line.trim());
      if (m && env[m[1]] === undefined) env[m[1]] = m[2].replace(/^"|"$/g, "");
    }
  }
  const base = env.REDASH_URL ?? "https://redash.internal";
  if (!new URL(base).hostname.endsWith(".internal")) throw new Error(`REDASH_URL must be internal, got ${base}`);
  if (!env.REDASH_API_KEY) throw new Error("REDASH_API_KEY missing");
  return { base: base.replace(/\/$/, ""), key: env.REDASH_API_KEY };
}

class Redash {
  calls = 0;
  constructor(private readonly base: string, private readonly key: string) {}

  async get<T>(pathname: string): Promise<T> {
    for (let attempt = 0; attempt < 4; attempt++) {
      this.calls++;
      const res = await fetch(`${this.base}${pathname}`, { headers: { Authorization: `Key ${this.key}` } });
      if (res.ok) return (await res.json()) as T;
      if (res.status === 429 || res.status >= 500) {
        await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
        continue;
      }
      throw new Error(`GET ${pathname}: ${res.status}`);
    }
    throw new Error(`GET ${pathname}: retries exhausted`);
  }

  async *paged<T>(pathname: string): AsyncGenerator<T> {
    for (let page = 1; ; page++) {
      const sep = pathname.includes("?") ? "&" : "?";
      const body = await this.get<{ results: T[]; count: number }>(`${pathname}${sep}page=${page}&page_size=${PAGE_SIZE}`);
      yield* body.results;
      if (page * PAGE_SIZE >= body.count) return;
    }
  }
}

// File names must be stable across exports: lower-case, ASCII, bounded length.
// Renaming a query in Redash therefore renames its file (id prefix stays).
function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 50) || "untitled";
}

function writeIfChanged(file: string, content: string): boolean {
  if (existsSync(file) && readFileSync(file, "utf8") === content) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return true;
}

function sqlFile(q: Query): string {
  const header = [
    `-- name: ${q.name}`,
    `-- id: ${q.id}`,
    `-- data_source_id: ${q.data_source_id}`,
    `-- tags: ${q.tags.join(", ")}`,
    ...(q.description ? q.description.split("\n").map((l) => `-- ${l}`) : []),
  ];
  return `${header.join("\n")}\n\n${q.query.trim()}\n`;
}

function metaFile(q: Query): string {
  const meta = {
    id: q.id,
    name: q.name,
    options: q.options,
    schedule: q.schedule,
    visualizations: (q.visualizations ?? []).map((v) => ({ type: v.type, name: v.name, options: v.options })),
  };
  return JSON.stringify(meta, null, 2) + "\n";
}

function dashboardFile(d: Dashboard): string {
  const widgets = (d.widgets ?? []).map((w) => ({
    query: w.visualization?.query.id ?? null,
    text: w.text ?? null,
    position: (w.options as { position?: unknown }).position ?? null,
  }));
  return JSON.stringify({ id: d.id, name: d.name, tags: d.tags, widgets }, null, 2) + "\n";
}

function removeStale(dir: string, keep: Set<string>): string[] {
  if (!existsSync(dir)) return [];
  const removed: string[] = [];
  for (const file of readdirSync(dir)) {
    if (!keep.has(file)) {
      rmSync(path.join(dir, file));
      removed.push(file);
    }
  }
  return removed;
}

async function main(): Promise<void> {
  const { base, key } = settings();
  const api = new Redash(base, key);
  const queryDir = path.join(OUT, "queries");
  const dashDir = path.join(OUT, "dashboards");
  const keepQueries = new Set<string>();
  let changed = 0;
  let count = 0;

  for await (const summary of api.paged<Query>("/api/queries")) {
    if (summary.is_archived) continue;
    const q = await api.get<Query>(`/api/queries/${summary.id}`);
    const stem = `${q.id}-${slug(q.name)}`;
    keepQueries.add(`${stem}.sql`).add(`${stem}.json`);
    if (writeIfChanged(path.join(queryDir, `${stem}.sql`), sqlFile(q))) changed++;
    if (writeIfChanged(path.join(queryDir, `${stem}.json`), metaFile(q))) changed++;
    count++;
  }

  const keepDash = new Set<string>();
  let dashboards = 0;
  for await (const summary of api.paged<Dashboard>("/api/dashboards")) {
    const d = await api.get<Dashboard>(`/api/dashboards/${summary.id}`);
    const file = `${slug(d.slug || d.name)}.json`;
    keepDash.add(file);
    if (writeIfChanged(path.join(dashDir, file), dashboardFile(d))) changed++;
    dashboards++;
  }

  const removed = [...removeStale(queryDir, keepQueries), ...removeStale(dashDir, keepDash)];
  for (const f of removed) console.log(`removed ${f}`);
  console.log(`${count} queries, ${dashboards} dashboards, ${changed} file(s) changed, ` +
    `${removed.length} removed, ${api.calls} API calls`);
}

main().catch((err: Error) => {
  console.error(`redash export failed: ${err.message}`);
  process.exitCode = 1;
});
