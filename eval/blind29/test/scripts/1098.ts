#!/usr/bin/env -S npx tsx
// Migrate Paperless-ngx custom fields from the old tag-based convention
// ("invoice-2024", "due:2024-07-01" tags) to real custom fields.
//
//   npx tsx tools/paperless-fields.ts plan                 # show what would change
//   npx tsx tools/paperless-fields.ts apply --apply        # write to the instance
//   npx tsx tools/paperless-fields.ts apply --apply --limit 50
//
// Instance: PAPERLESS_URL (https://paperless.internal, or the dev instance on
// paperless.localhost) with PAPERLESS_TOKEN from .env.  Without --apply the
// script never sends a PATCH/POST.  Old tags are *not* deleted; after a
// successful apply they are listed so an admin can remove them in the UI.
// A journal of every document change is appended to build/fields-journal.jsonl
// so the migration can be reviewed or reverted by hand.
import { existsSync, readFileSync } from "node:fs";
import { appendFile, mkdir } from "node:fs/promises";
import path from "node:path";

interface Tag {
  id: number;
  name: string;
}

interface CustomField {
  id: number;
  name: string;
  data_type: string;
}

interface Doc {
  id: number;
  title: string;
  tags: number[];
  custom_fields: { field: number; value: unknown }[];
}

type Plan = { doc: Doc; set: { field: string; value: string }[] };

const ROOT = path.resolve(__dirname, "..");
const RULES: { pattern: RegExp; field: string; type: "date" | "string" | "integer" }[] = [
  { pattern: /^due:(\d{4}-\d{2}-\d{2})$/, field: "Due date", type: "date" },
  { pattern: /^invoice-(\d{4})$/, field: "Fiscal year", type: "integer" },
  { pattern: /^cc:([A-Z0-9-]+)$/, field: "Cost centre", type: "string" },
];

function env(): Record<string, string> {
  const vals: Record<string, string> = {};
  const f = path.join(ROOT, ".env");
  if (existsSync(f)) {
    for (const line of readFileSync(f, "utf8").split(/\n/)) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
      if (m) vals[m[1]] = m[2].replace(/^"|"$/g, "");
    }
  }
  return { ...vals, ...(process.env as Record<string, string>) };
}

class Paperless {
  private readonly origin: string;
  constructor(baseUrl: string, private readonly token: string) {
    const u = new URL(baseUrl);
    if (!(u.hostname.endsWith(".internal") || u.hostname.endsWith(".localhost") || u.hostname === "localhost")) {
      throw new Error(`PAPERLESS_URL ${u.hostname} is not one of our instances`);
    }
    this.origin = u.origin;
  }

  async request<T>(method: string, route: string, body?: unknown): Promise<T> {
    const res = await fetch(new URL(route, this.origin), {
      method,
      headers: {
        authorization: `Token ${this.token}`,
        accept: "application/json; version=5",
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
    return (await res.json()) as T;
  }

  async all<T>(route: string): Promise<T[]> {
    const out: T[] = [];
    let next: string | null = `${route}?page_size=100`;
    while (next) {
      const url = new URL(next, this.origin);
      if (url.origin !== this.origin) throw new Error("pagination left the instance");
      const page: { results: T[]; next: string | null } = await this.request("GET", url.pathname + url.search);
      out.push(...page.results);
      next = page.next;
    }
    return out;
  }
}

async function ensureFields(api: Paperless, existing: CustomField[], apply: boolean): Promise<Map<string, number>> {
  const ids = new Map(existing.map((f) => [f.name, f.id]));
  for (const rule of RULES) {
    if (ids.has(rule.field)) continue;
    if (!apply) {
      console.log(`would create custom field "${rule.field}" (${rule.type})`);
      ids.set(rule.field, -1);
      continue;
    }
    const created = await api.request<CustomField>("POST", "/api/custom_fields/", { name: rule.field, data_type: rule.type });
    ids.set(rule.field, created.id);
    console.log(`created custom field "${rule.field}"`);
  }
  return ids;
}

function validValue(rule: (typeof RULES)[number], value: string): boolean {
  if (rule.type === "date") return !Number.isNaN(Date.parse(value));
  if (rule.type === "integer") return /^\d+$/.test(value);
  return value.length > 0 && value.length <= 128;
}

function planFor(docs: Doc[], tags: Map<number, string>): Plan[] {
  const plans: Plan[] = [];
  for (const doc of docs) {
    const set: Plan["set"] = [];
    for (const tagId of doc.tags) {
      const name = tags.get(tagId) ?? "";
      for (const rule of RULES) {
        const m = rule.pattern.exec(name);
        if (m && validValue(rule, m[1])) set.push({ field: rule.field, value: m[1] });
        else if (m) console.warn(`  #${doc.id}: tag "${name}" has an invalid value, skipped`);
      }
    }
    if (set.length) plans.push({ doc, set });
  }
  return plans;
}

async function main(): Promise<number> {
  const [cmd, ...rest] = process.argv.slice(2) as string[];
  const apply = cmd === "apply" && rest.includes("--apply");
  const limit = rest.includes("--limit") ? Number(rest[rest.indexOf("--limit") + 1]) : Infinity;
  const e = env();
  if (!e.PAPERLESS_TOKEN) throw new Error("PAPERLESS_TOKEN missing");
  const api = new Paperless(e.PAPERLESS_URL ?? "https://paperless.internal", e.PAPERLESS_TOKEN);

  const [tags, fields, docs] = await Promise.all([
    api.all<Tag>("/api/tags/"),
    api.all<CustomField>("/api/custom_fields/"),
    api.all<Doc>("/api/documents/"),
  ]);
  const tagNames = new Map(tags.map((t) => [t.id, t.name]));
  const fieldIds = await ensureFields(api, fields, apply);
  const plans = planFor(docs, tagNames).slice(0, limit);
  console.log(`${plans.length} document(s) get custom field values${apply ? "" : " (plan only)"}`);

  if (!apply) {
    for (const p of plans.slice(0, 30)) console.log(`  #${p.doc.id} ${p.doc.title}: ${p.set.map((s) => `${s.field}=${s.value}`).join(", ")}`);
    return 0;
  }

  await mkdir(path.resolve(ROOT, "build"), { recursive: true });
  const journal = path.join(ROOT, "build", "fields-journal.jsonl");
  let done = 0;
  for (const p of plans) {
    const keep = p.doc.custom_fields.filter((cf) => !p.set.some((s) => fieldIds.get(s.field) === cf.field));
    const custom_fields = [...keep, ...p.set.map((s) => ({ field: fieldIds.get(s.field)!, value: s.value }))];
    await api.request("PATCH", `/api/documents/${p.doc.id}/`, { custom_fields });
    await appendFile(journal, JSON.stringify({ id: p.doc.id, before: p.doc.custom_fields, after: custom_fields, at: new Date().toISOString() }) + "\n");
    done++;
    if (done % 25 === 0) console.log(`  ${done}/${plans.length}`);
  }
  const oldTags = tags.filter((t) => RULES.some((r) => r.pattern.test(t.name)));
  console.log(`${done} document(s) updated; journal in build/fields-journal.jsonl`);
  if (oldTags.length) console.log(`old convention tags that can now be removed in the UI: ${oldTags.map((t) => t.name).slice(0, 20).join(", ")}${oldTags.length > 20 ? " …" : ""}`);
  return 0;
}

main().then(
  (c) => process.exit(c),
  (err: Error) => {
    console.error(`[paperless-fields] ${err.message}`);
    process.exit(1);
  },
);
