#!/usr/bin/env -S npx tsx
/**
 * Keep the Weaviate schema of the local dev instance in sync with
 * schema/weaviate/*.json (one file per class).
 *
 *   npx tsx tools/weaviate-schema.ts plan
 *   npx tsx tools/weaviate-schema.ts apply            create missing classes, add properties
 *   npx tsx tools/weaviate-schema.ts apply --drop-scratch
 *        additionally deletes classes named Scratch* / Test* that are not in the repo
 *
 * Weaviate cannot change a property's type in place; such differences are
 * reported and must be migrated by hand. Production classes are never
 * deleted by this tool: deletion is limited to SCRATCH_PREFIXES and to a
 * Weaviate on localhost.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const SCHEMA_DIR = join(ROOT, "schema", "weaviate");
const WEAVIATE = process.env.WEAVIATE_URL ?? "http://localhost:8080";
const SCRATCH_PREFIXES = ["Scratch", "Test"] as const;

type DataType = string[];

interface Property {
  name: string;
  dataType: DataType;
  description?: string;
  tokenization?: string;
  indexFilterable?: boolean;
  indexSearchable?: boolean;
}

interface WeaviateClass {
  class: string;
  description?: string;
  vectorizer?: string;
  properties: Property[];
  invertedIndexConfig?: Record<string, unknown>;
  vectorIndexConfig?: Record<string, unknown>;
}

type Action =
  | { kind: "create-class"; cls: WeaviateClass }
  | { kind: "add-property"; cls: string; prop: Property }
  | { kind: "type-conflict"; cls: string; prop: string; want: DataType; have: DataType }
  | { kind: "extra-class"; cls: string; scratch: boolean }
  | { kind: "vectorizer-mismatch"; cls: string; want?: string; have?: string };

function isLocal(url: string): boolean {
  return ["localhost", "127.0.0.1", "weaviate"].includes(new URL(url).hostname);
}

async function api<T>(method: string, route: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (process.env.WEAVIATE_API_KEY) headers.authorization = `Bearer ${process.env.WEAVIATE_API_KEY}`;
  const res = await fetch(`${WEAVIATE}/v1${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

function loadDesired(): Map<string, WeaviateClass> {
  const out = new Map<string, WeaviateClass>();
  for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith(".json")).sort()) {
    const cls = JSON.parse(readFileSync(join(SCHEMA_DIR, file), "utf8")) as WeaviateClass;
    if (!cls.class || !Array.isArray(cls.properties)) throw new Error(`${file}: not a Weaviate class definition`);
    if (out.has(cls.class)) throw new Error(`${file}: class ${cls.class} defined twice`);
    out.set(cls.class, cls);
  }
  return out;
}

async function loadCurrent(): Promise<Map<string, WeaviateClass>> {
  const schema = await api<{ classes: WeaviateClass[] }>("GET", "/schema");
  return new Map(schema.classes.map((c) => [c.class, c]));
}

const sameType = (a: DataType, b: DataType): boolean => a.join(",") === b.join(",");
const isScratch = (name: string): boolean => SCRATCH_PREFIXES.some((p) => name.startsWith(p));

function plan(desired: Map<string, WeaviateClass>, current: Map<string, WeaviateClass>): Action[] {
  const actions: Action[] = [];
  for (const [name, want] of desired) {
    const have = current.get(name);
    if (!have) {
      actions.push({ kind: "create-class", cls: want });
      continue;
    }
    if ((want.vectorizer ?? "none") !== (have.vectorizer ?? "none")) {
      actions.push({ kind: "vectorizer-mismatch", cls: name, want: want.vectorizer, have: have.vectorizer });
    }
    const haveProps = new Map(have.properties.map((p) => [p.name, p]));
    for (const prop of want.properties) {
      const existing = haveProps.get(prop.name);
      if (!existing) actions.push({ kind: "add-property", cls: name, prop });
      else if (!sameType(existing.dataType, prop.dataType)) {
        actions.push({ kind: "type-conflict", cls: name, prop: prop.name, want: prop.dataType, have: existing.dataType });
      }
    }
  }
  for (const name of current.keys()) {
    if (!desired.has(name)) actions.push({ kind: "extra-class", cls: name, scratch: isScratch(name) });
  }
  return actions;
}

function describe(a: Action): string {
  switch (a.kind) {
    case "create-class":
      return `+ class ${a.cls.class} (${a.cls.properties.length} properties)`;
    case "add-property":
      return `+ ${a.cls}.${a.prop.name}: ${a.prop.dataType.join("|")}`;
    case "type-conflict":
      return `! ${a.cls}.${a.prop}: repo says ${a.want.join("|")}, instance has ${a.have.join("|")} (manual migration)`;
    case "vectorizer-mismatch":
      return `! ${a.cls}: vectorizer ${a.have ?? "none"} -> ${a.want ?? "none"} needs a re-index (manual)`;
    case "extra-class":
      return a.scratch ? `- ${a.cls} (scratch class, not in repo)` : `? ${a.cls} exists only on the instance`;
  }
}

async function apply(actions: Action[], dropScratch: boolean): Promise<number> {
  let applied = 0;
  for (const a of actions) {
    if (a.kind === "create-class") {
      await api("POST", "/schema", a.cls);
      console.log(`created class ${a.cls.class}`);
      applied++;
    } else if (a.kind === "add-property") {
      await api("POST", `/schema/${a.cls}/properties`, a.prop);
      console.log(`added ${a.cls}.${a.prop.name}`);
      applied++;
    } else if (a.kind === "extra-class" && a.scratch && dropScratch) {
      if (!isLocal(WEAVIATE)) throw new Error(`--drop-scratch only works on a local Weaviate (got ${WEAVIATE})`);
      await api("DELETE", `/schema/${encodeURIComponent(a.cls)}`);
      console.log(`deleted scratch class ${a.cls}`);
      applied++;
    }
  }
  return applied;
}

async function main(): Promise<number> {
  const [cmd, ...flags] = process.argv.slice(2);
  if (cmd !== "plan" && cmd !== "apply") {
    console.log("usage: weaviate-schema.ts plan | apply [--drop-scratch]");
    return 2;
  }
  const ready = await fetch(`${WEAVIATE}/v1/.well-known/ready`).catch(() => null);
  if (!ready?.ok) throw new Error(`Weaviate at ${WEAVIATE} is not ready`);
  const meta = await api<{ version: string }>("GET", "/meta").catch(() => ({ version: "unknown" }));
  if (!meta.version.startsWith("1.")) console.warn(`untested Weaviate version ${meta.version}`);
  const desired = loadDesired();
  const current = await loadCurrent();
  console.log(`repo: ${desired.size} class(es); instance ${WEAVIATE}: ${current.size} class(es)`);
  const actions = plan(desired, current);
  if (!actions.length) {
    console.log("schema in sync");
    return 0;
  }
  actions.forEach((a) => console.log(describe(a)));
  const conflicts = actions.filter((a) => a.kind === "type-conflict" || a.kind === "vectorizer-mismatch");
  if (cmd === "plan") return conflicts.length ? 1 : 0;
  const n = await apply(actions, flags.includes("--drop-scratch"));
  console.log(`${n} change(s) applied; ${conflicts.length} need manual migration`);
  return conflicts.length ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`error: ${err.message}`);
    process.exitCode = 2;
  },
);
