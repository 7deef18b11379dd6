// scripts/typesense-seed.ts - (re)build the local Typesense collections for development.
//
// Connects to TYPESENSE_URL (default http://127.0.0.1:8108, compose service)
// with the bootstrap admin key from .env (TYPESENSE_API_KEY), drops and
// recreates the collections declared in search/collections/*.json under the
// `dev_` prefix, imports JSONL fixtures and creates the `dev_products_alias`
// alias. Remote hosts are refused because collections are deleted.

import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

interface FieldDef {
  name: string;
  type: string;
  facet?: boolean;
  optional?: boolean;
}

interface CollectionDef {
  name: string;
  fields: FieldDef[];
  default_sorting_field?: string;
}

const ROOT = path.resolve(__dirname, "..");
const DEFS = path.join(ROOT, "search", "collections");
const FIXTURES = path.join(ROOT, "search", "fixtures");
const PREFIX = "dev_";
const BASE = (process.env.TYPESENSE_URL ?? "http://127.0.0.1:8108").replace(/\/$/, "");

function apiKey(): string {
  if (process.env.TYPESENSE_API_KEY) return process.env.TYPESENSE_API_KEY;
  const env = path.join(ROOT, ".env");
  if (existsSync(env)) {
    const m = readFileSync(env, "utf8").match(/^TYPESENSE_API_KEY=(.+)$/m);
    if (m) return m[1].trim();
  }
  throw new Error("TYPESENSE_API_KEY not found in the environment or .env");
}

function assertLocal(): void {
  const host = new URL(BASE).hostname;
  if (host !== "127.0.0.1" && host !== "localhost") {
    throw new Error(`TYPESENSE_URL points at ${host}; this script only seeds a local server`);
  }
}

async function ts<T>(method: string, p: string, body?: unknown, raw?: string): Promise<T | null> {
  const headers: Record<string, string> = { "X-TYPESENSE-API-KEY": apiKey() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (raw !== undefined) headers["Content-Type"] = "text/plain";
  const res = await fetch(BASE + p, {
    method,
    headers,
    body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
  });
  if (res.status === 404 && method === "DELETE") return null;
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as unknown as T;
  }
}

async function health(): Promise<boolean> {
  try {
    const res = await fetch(`${BASE}/health`);
    const body = (await res.json()) as { ok: boolean };
    return body.ok;
  } catch {
    return false;
  }
}

async function waitHealthy(seconds = 40): Promise<void> {
  for (let i = 0; i < seconds; i++) {
    if (await health()) return;
    await new Promise((done) => setTimeout(done, 1000));
  }
  throw new Error(`Typesense not healthy at ${BASE} (docker compose up -d typesense)`);
}

function definitions(only: string[]): CollectionDef[] {
  const defs = readdirSync(DEFS)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(path.join(DEFS, f), "utf8")) as CollectionDef);
  return only.length ? defs.filter((d) => only.includes(d.name)) : defs;
}

function validate(def: CollectionDef): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  for (const f of def.fields) {
    if (names.has(f.name)) problems.push(`${def.name}: duplicate field ${f.name}`);
    names.add(f.name);
  }
  if (def.default_sorting_field && !names.has(def.default_sorting_field)) {
    problems.push(`${def.name}: default_sorting_field ${def.default_sorting_field} is not a field`);
  }
  return problems;
}

async function recreate(def: CollectionDef): Promise<string> {
  const name = PREFIX + def.name;
  await ts("DELETE", `/collections/${name}`);
  await ts("POST", "/collections", { ...def, name });
  return name;
}

async function importFixtures(collection: string, base: string): Promise<{ ok: number; failed: number }> {
  const file = path.join(FIXTURES, `${base}.jsonl`);
  if (!existsSync(file)) return { ok: 0, failed: 0 };
  const text = readFileSync(file, "utf8");
  const result = (await ts<string>("POST", `/collections/${collection}/documents/import?action=upsert`, undefined, text)) ?? "";
  const lines = String(result).trim().split("\n").filter(Boolean);
  let ok = 0;
  let failed = 0;
  for (const l of lines) {
    const r = JSON.parse(l) as { success: boolean; error?: string };
    if (r.success) ok++;
    else {
      failed++;
      if (failed <= 3) console.log(`  import error: ${r.error}`);
    }
  }
  return { ok, failed };
}

async function alias(name: string, target: string): Promise<void> {
  await ts("PUT", `/aliases/${name}`, { collection_name: target });
}

async function smokeSearch(collection: string): Promise<number> {
  // one wildcard query per collection so a broken schema shows up right away
  const q = new URLSearchParams({ q: "*", query_by: "name", per_page: "1" });
  try {
    const res = await ts<{ found: number }>("GET", `/collections/${collection}/documents/search?${q}`);
    return res?.found ?? 0;
  } catch {
    return -1;
  }
}

async function strayCollections(wanted: Set<string>): Promise<string[]> {
  const list = (await ts<{ name: string }[]>("GET", "/collections")) ?? [];
  return list.map((c) => c.name).filter((n) => n.startsWith(PREFIX) && !wanted.has(n));
}

async function dropStrays(defs: CollectionDef[]): Promise<void> {
  const wanted = new Set(defs.map((d) => PREFIX + d.name));
  for (const name of await strayCollections(wanted)) {
    await ts("DELETE", `/collections/${name}`);
    console.log(`dropped stray ${name}`);
  }
}

async function main(): Promise<void> {
  assertLocal();
  await waitHealthy();
  if (process.argv.includes("--drop-strays")) await dropStrays(definitions([]));
  const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const defs = definitions(only);
  const problems = defs.flatMap(validate);
  if (problems.length > 0) throw new Error(problems.join("; "));
  let failedTotal = 0;
  for (const def of defs) {
    const name = await recreate(def);
    const { ok, failed } = await importFixtures(name, def.name);
    failedTotal += failed;
    console.log(`${name}: ${ok} document(s) imported${failed ? `, ${failed} failed` : ""}`);
    if (def.name === "products") await alias(`${PREFIX}products_alias`, name);
    const found = await smokeSearch(name);
    if (found < 0) console.log(`  search on ${name} failed`);
  }
  if (failedTotal) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`typesense-seed: ${err.message}`);
  process.exitCode = 1;
});
