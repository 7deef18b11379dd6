#!/usr/bin/env -S npx tsx
// Sync Frappe/ERPNext master data (Item Groups, UOMs, Warehouses) from the
// YAML files in masters/ into the local development site.
//
//   npx tsx scripts/sync-masters.ts                 # dry run against erp.localhost
//   npx tsx scripts/sync-masters.ts --apply --only "Item Group"
//
// Uses the REST API of the site in FRAPPE_SITE_URL (default
// http://erp.localhost:8000) with token auth from .env (FRAPPE_API_KEY /
// FRAPPE_API_SECRET).  Records are matched by name; existing ones are updated
// with PUT only when a field differs, missing ones created with POST.  Nothing
// is deleted: records present on the site but not in YAML are only listed.
import { readFile, readdir, writeFile, mkdir } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";

type Doc = Record<string, unknown> & { name: string };
type DoctypeSpec = { doctype: string; file: string; key: string; fields: string[] };
type Change = { doctype: string; name: string; action: "create" | "update" | "same"; diff?: string[] };

const ROOT = path.resolve(__dirname, "..");
const MASTERS = path.join(ROOT, "masters");

const SPECS: DoctypeSpec[] = [
  { doctype: "UOM", file: "uoms.yml", key: "uom_name", fields: ["uom_name", "must_be_whole_number", "enabled"] },
  { doctype: "Item Group", file: "item_groups.yml", key: "item_group_name", fields: ["item_group_name", "parent_item_group", "is_group"] },
  { doctype: "Warehouse", file: "warehouses.yml", key: "warehouse_name", fields: ["warehouse_name", "parent_warehouse", "is_group", "company"] },
];

function dotenv(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  const env: Record<string, string> = {};
  if (!existsSync(file)) return env;
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) env[m[1]] = m[2].replace(/^["']|["']$/g, "");
  }
  return env;
}

function args() {
  const argv = process.argv.slice(2);
  const only = argv.includes("--only") ? argv[argv.indexOf("--only") + 1] : undefined;
  return { apply: argv.includes("--apply"), only, verbose: argv.includes("--verbose") };
}

class FrappeClient {
  private readonly base: string;
  private readonly auth: string;

  constructor(baseUrl: string, key: string, secret: string) {
    const url = new URL(baseUrl);
    if (!(url.hostname === "localhost" || url.hostname.endsWith(".localhost"))) {
      throw new Error(`FRAPPE_SITE_URL must be a local site, got ${url.hostname}`);
    }
    this.base = url.origin;
    this.auth = `token ${key}:${secret}`;
  }

  private async request<T>(method: string, route: string, body?: unknown, attempt = 1): Promise<T> {
    const res = await fetch(`${this.base}${route}`, {
      method,
      headers: {
        Authorization: this.auth,
        Accept: "application/json",
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if ((res.status === 429 || res.status >= 500) && attempt < 4) {
      await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
      return this.request<T>(method, route, body, attempt + 1);
    }
    if (!res.ok) {
      const text = await res.text();
      throw new Error(`${method} ${route}: HTTP ${res.status} ${text.slice(0, 300)}`);
    }
    return ((await res.json()) as { data: T }).data;
  }

  list(doctype: string, fields: string[]): Promise<Doc[]> {
    const q = new URLSearchParams({ fields: JSON.stringify(["name", ...fields]), limit_page_length: "0" });
    return this.request<Doc[]>("GET", `/api/resource/${encodeURIComponent(doctype)}?${q}`);
  }

  create(doctype: string, doc: Record<string, unknown>): Promise<Doc> {
    return this.request<Doc>("POST", `/api/resource/${encodeURIComponent(doctype)}`, doc);
  }

  update(doctype: string, name: string, doc: Record<string, unknown>): Promise<Doc> {
    return this.request<Doc>("PUT", `/api/resource/${encodeURIComponent(doctype)}/${encodeURIComponent(name)}`, doc);
  }
}

async function loadYaml(spec: DoctypeSpec): Promise<Record<string, unknown>[]> {
  const text = await readFile(path.join(MASTERS, spec.file), "utf8");
  const data = parseYaml(text) as unknown;
  if (!Array.isArray(data)) throw new Error(`${spec.file}: expected a list`);
  return data.map((row, i) => {
    if (typeof row !== "object" || row === null) throw new Error(`${spec.file}[${i}]: not a mapping`);
    const rec = row as Record<string, unknown>;
    if (!rec[spec.key]) throw new Error(`${spec.file}[${i}]: missing ${spec.key}`);
    return rec;
  });
}

function normalise(v: unknown): string {
  if (typeof v === "boolean") return v ? "1" : "0";
  if (v === null || v === undefined) return "";
  return String(v);
}

function diffFields(wanted: Record<string, unknown>, existing: Doc, fields: string[]): string[] {
  return fields.filter((f) => f in wanted && normalise(wanted[f]) !== normalise(existing[f]));
}

// parents must exist before children: sort groups by depth in the YAML tree
function topoSort(rows: Record<string, unknown>[], key: string, parentKey?: string): Record<string, unknown>[] {
  if (!parentKey) return rows;
  const byName = new Map(rows.map((r) => [String(r[key]), r]));
  const depth = (r: Record<string, unknown>, seen = new Set<string>()): number => {
    const parent = r[parentKey] ? byName.get(String(r[parentKey])) : undefined;
    const name = String(r[key]);
    if (!parent || seen.has(name)) return 0;
    seen.add(name);
    return 1 + depth(parent, seen);
  };
  return [...rows].sort((a, b) => depth(a) - depth(b));
}

async function syncDoctype(client: FrappeClient, spec: DoctypeSpec, apply: boolean): Promise<Change[]> {
  const wanted = await loadYaml(spec);
  const existing = await client.list(spec.doctype, spec.fields);
  const byKey = new Map(existing.map((d) => [normalise(d[spec.key] ?? d.name), d]));
  const parentField = spec.fields.find((f) => f.startsWith("parent_"));
  const changes: Change[] = [];

  for (const row of topoSort(wanted, spec.key, parentField)) {
    const name = String(row[spec.key]);
    const current = byKey.get(name);
    if (!current) {
      changes.push({ doctype: spec.doctype, name, action: "create" });
      if (apply) await client.create(spec.doctype, row);
      continue;
    }
    const diff = diffFields(row, current, spec.fields);
    if (diff.length === 0) {
      changes.push({ doctype: spec.doctype, name, action: "same" });
      continue;
    }
    changes.push({ doctype: spec.doctype, name, action: "update", diff });
    if (apply) await client.update(spec.doctype, current.name, Object.fromEntries(diff.map((f) => [f, row[f]])));
  }

  const wantedNames = new Set(wanted.map((w) => String(w[spec.key])));
  const extra = existing.filter((d) => !wantedNames.has(normalise(d[spec.key] ?? d.name)));
  if (extra.length) {
    console.error(`[masters] ${spec.doctype}: ${extra.length} record(s) on the site are not in ${spec.file} (left untouched)`);
  }
  return changes;
}

async function main(): Promise<number> {
  const opts = args();
  const env = { ...dotenv(), ...process.env } as Record<string, string | undefined>;
  if (!env.FRAPPE_API_KEY || !env.FRAPPE_API_SECRET) throw new Error("FRAPPE_API_KEY / FRAPPE_API_SECRET missing in .env");
  const client = new FrappeClient(env.FRAPPE_SITE_URL ?? "http://erp.localhost:8000", env.FRAPPE_API_KEY, env.FRAPPE_API_SECRET);

  const files = new Set(await readdir(MASTERS));
  const specs = SPECS.filter((s) => files.has(s.file) && (!opts.only || s.doctype === opts.only));
  const all: Change[] = [];
  for (const spec of specs) {
    const changes = await syncDoctype(client, spec, opts.apply);
    all.push(...changes);
    const count = (a: Change["action"]) => changes.filter((c) => c.action === a).length;
    console.error(`[masters] ${spec.doctype}: ${count("create")} create, ${count("update")} update, ${count("same")} unchanged`);
    if (opts.verbose) {
      for (const c of changes.filter((c) => c.action !== "same")) {
        console.error(`    ${c.action} ${c.name}${c.diff ? ` (${c.diff.join(", ")})` : ""}`);
      }
    }
  }
  await mkdir(path.join(ROOT, "build"), { recursive: true });
  await writeFile(path.join(ROOT, "build", "masters-sync.json"), JSON.stringify({ applied: opts.apply, changes: all }, null, 2));
  if (!opts.apply && all.some((c) => c.action !== "same")) console.error("[masters] dry run; pass --apply to write to the site");
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`[masters] ${err.message}`);
    process.exit(1);
  },
);
