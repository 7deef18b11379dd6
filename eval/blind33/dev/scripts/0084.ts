#!/usr/bin/env -S npx tsx
/**
 * Export tables of the local Baserow/NocoDB instances into data/lowcode/ as
 * CSV + JSON schema, so that fixtures used by the integration tests are
 * reviewable in git.
 *
 *   npx tsx tools/lowcode-export.ts baserow 812 813
 *   npx tsx tools/lowcode-export.ts nocodb --base p_dev
 *   npx tsx tools/lowcode-export.ts nocodb --base p_dev --clean
 *
 * Tokens come from the project's .env (BASEROW_TOKEN, NOCODB_TOKEN) and are
 * only sent to BASEROW_URL / NOCODB_URL, which must be localhost or *.internal.
 * --clean removes previously exported files of *that* backend under
 * data/lowcode/<backend>/ before writing.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const OUT = join(ROOT, "data", "lowcode");

type Backend = "baserow" | "nocodb";

interface Field {
  name: string;
  type: string;
}

interface Table {
  id: string;
  name: string;
  fields: Field[];
  rows: Record<string, unknown>[];
}

function env(key: string, fallback?: string): string {
  if (process.env[key]) return process.env[key] as string;
  const file = join(ROOT, ".env");
  if (existsSync(file)) {
    const m = new RegExp(`^${key}=(.*)$`, "m").exec(readFileSync(file, "utf8"));
    if (m) return m[1].trim().replace(/^['"]|['"]$/g, "");
  }
  if (fallback !== undefined) return fallback;
  throw new Error(`${key} is not set (.env)`);
}

function localOrigin(key: string, fallback: string): string {
  const url = new URL(env(key, fallback));
  const ok = url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname.endsWith(".internal");
  if (!ok) throw new Error(`${key} must point at a local/internal instance, got ${url.hostname}`);
  return url.origin;
}

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  let delay = 400;
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, { headers: { accept: "application/json", ...headers } });
    if ((res.status === 429 || res.status >= 500) && attempt < 5) {
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
      continue;
    }
    if (!res.ok) throw new Error(`GET ${new URL(url).pathname}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return (await res.json()) as T;
  }
}

async function baserowTable(id: string): Promise<Table> {
  const origin = localOrigin("BASEROW_URL", "http://localhost:8000");
  const headers = { authorization: `Token ${env("BASEROW_TOKEN")}` };
  const fields = await getJson<{ name: string; type: string }[]>(`${origin}/api/database/fields/table/${id}/`, headers);
  const rows: Record<string, unknown>[] = [];
  let next: string | null = `${origin}/api/database/rows/table/${id}/?user_field_names=true&size=200`;
  while (next) {
    const page: { next: string | null; results: Record<string, unknown>[] } = await getJson(next, headers);
    rows.push(...page.results);
    next = page.next ? page.next.replace(/^https?:\/\/[^/]+/, origin) : null;
  }
  const meta = await getJson<{ name: string }>(`${origin}/api/database/tables/${id}/`, headers);
  return { id, name: meta.name, fields: fields.map((f) => ({ name: f.name, type: f.type })), rows };
}

async function nocodbTables(base: string): Promise<Table[]> {
  const origin = localOrigin("NOCODB_URL", "http://localhost:8080");
  const headers = { "xc-token": env("NOCODB_TOKEN") };
  const { list } = await getJson<{ list: { id: string; title: string }[] }>(`${origin}/api/v2/meta/bases/${base}/tables`, headers);
  const tables: Table[] = [];
  for (const t of list) {
    const meta = await getJson<{ columns: { title: string; uidt: string; system?: boolean }[] }>(
      `${origin}/api/v2/meta/tables/${t.id}`,
      headers,
    );
    const rows: Record<string, unknown>[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = await getJson<{ list: Record<string, unknown>[]; pageInfo: { isLastPage: boolean } }>(
        `${origin}/api/v2/tables/${t.id}/records?limit=200&offset=${offset}`,
        headers,
      );
      rows.push(...page.list);
      if (page.pageInfo.isLastPage) break;
    }
    tables.push({
      id: t.id,
      name: t.title,
      fields: meta.columns.filter((c) => !c.system).map((c) => ({ name: c.title, type: c.uidt })),
      rows,
    });
  }
  return tables;
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const s = typeof value === "object" ? JSON.stringify(value) : String(value);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
}

function writeTable(backend: Backend, table: Table): string {
  const dir = join(OUT, backend);
  mkdirSync(dir, { recursive: true });
  const base = join(dir, slug(table.name));
  const header = table.fields.map((f) => f.name);
  const lines = [header.map(csvCell).join(",")];
  for (const row of table.rows) lines.push(header.map((h) => csvCell(row[h])).join(","));
  for (const [file, text] of [
    [`${base}.csv`, `${lines.join("\n")}\n`],
    [`${base}.schema.json`, `${JSON.stringify({ table: table.name, fields: table.fields }, null, 2)}\n`],
  ] as const) {
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
  }
  return base;
}

function checkRowsAgainstSchema(table: Table): string[] {
  // warn about columns present in rows but not in the exported schema
  const known = new Set(table.fields.map((f) => f.name));
  const unknown = new Set<string>();
  for (const row of table.rows) {
    for (const key of Object.keys(row)) if (!known.has(key) && key !== "id" && key !== "order") unknown.add(key);
  }
  return [...unknown].sort();
}

function clean(backend: Backend): void {
  const dir = join(OUT, backend);
  if (!dir.startsWith(OUT) || !existsSync(dir)) return;
  rmSync(dir, { recursive: true, force: true });
  console.log(`removed previous export data/lowcode/${backend}/`);
}

async function main(): Promise<void> {
  const [backend, ...rest] = process.argv.slice(2) as [Backend, ...string[]];
  const doClean = rest.includes("--clean");
  const args = rest.filter((a) => a !== "--clean");
  let tables: Table[];
  if (backend === "baserow") {
    const ids = args.filter((a) => /^\d+$/.test(a));
    if (!ids.length) throw new Error("usage: lowcode-export.ts baserow <table-id>...");
    tables = [];
    for (const id of ids) tables.push(await baserowTable(id));
  } else if (backend === "nocodb") {
    const i = args.indexOf("--base");
    tables = await nocodbTables(i >= 0 ? args[i + 1] : env("NOCODB_BASE", "p_dev"));
  } else {
    throw new Error("usage: lowcode-export.ts baserow|nocodb ...");
  }
  if (doClean) clean(backend);
  for (const t of tables) {
    const extra = checkRowsAgainstSchema(t);
    if (extra.length) console.warn(`${t.name}: rows contain columns not in the schema: ${extra.join(", ")}`);
    const base = writeTable(backend, t);
    console.log(`${t.name}: ${t.rows.length} rows, ${t.fields.length} fields -> ${base.slice(ROOT.length + 1)}.csv`);
  }
}

main().catch((err: Error) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 1;
});
