/**
 * metabase-perms.ts - audit collection permissions on the team Metabase
 * (https://metabase.internal), read-only.
 *
 * Reads the permission graph (GET /api/collection/graph), groups and
 * collections, and reports:
 *   - collections where "All Users" has write access
 *   - personal collections of deactivated users that still hold questions
 *   - groups without members
 *   - dashboards in the root collection (should live in a team collection)
 * Uses an API key (METABASE_API_KEY from .env, header x-api-key) that belongs
 * to a read-only service group.  Output: reports/metabase-perms.md + .json.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const BASE = process.env.METABASE_URL ?? "https://metabase.internal";
const OUT = path.join(ROOT, "reports");

interface Group {
  id: number;
  name: string;
  member_count: number;
}
interface Collection {
  id: number | "root";
  name: string;
  personal_owner_id?: number | null;
  archived?: boolean;
}
interface User {
  id: number;
  common_name: string;
  is_active: boolean;
}
interface Graph {
  revision: number;
  groups: Record<string, Record<string, "read" | "write" | "none">>;
}

function apiKey(): string {
  let key = process.env.METABASE_API_KEY;
  const file = path.join(ROOT, ".env");
  if (!key && existsSync(file)) {
    key = /^METABASE_API_KEY=(.*)$/m.exec(readFileSync(file, "utf8"))?.[1]?.trim().replace(/^"|"$/g, "");
  }
  if (!key) throw new Error("METABASE_API_KEY missing (.env)");
  return key;
}

async function get<T>(pathname: string, key: string): Promise<T> {
  const host = new URL(BASE).hostname;
  if (!host.endsWith(".internal") && host !== "localhost") throw new Error(`${host} is not the team Metabase`);
  for (let attempt = 0; attempt < 3; attempt++) {
    const res = await fetch(`${BASE}${pathname}`, { headers: { "x-api-key": key, Accept: "application/json" } });
    if (res.status >= 500) {
      await new Promise((r) => setTimeout(r, 700 * (attempt + 1)));
      continue;
    }
    if (!res.ok) throw new Error(`GET ${pathname}: ${res.status}`);
    return (await res.json()) as T;
  }
  throw new Error(`GET ${pathname}: giving up after retries`);
}

// One line per problem; `kind` groups them in the Markdown report.
interface Finding {
  kind: string;
  detail: string;
}

function allUsersWrite(graph: Graph, groups: Group[], collections: Map<string, Collection>): Finding[] {
  const allUsers = groups.find((g) => g.name === "All Users");
  if (!allUsers) return [];
  const perms = graph.groups[String(allUsers.id)] ?? {};
  return Object.entries(perms)
    .filter(([, p]) => p === "write")
    .map(([cid]) => ({ kind: "all-users-write", detail: `All Users can write to "${collections.get(cid)?.name ?? cid}"` }));
}

async function orphanedPersonal(key: string, collections: Collection[], users: Map<number, User>): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const c of collections) {
    if (!c.personal_owner_id) continue;
    const owner = users.get(c.personal_owner_id);
    if (owner && owner.is_active) continue;
    const items = await get<{ total: number }>(`/api/collection/${c.id}/items?models=card&models=dashboard&limit=1`, key);
    if (items.total > 0) {
      findings.push({ kind: "orphaned-personal", detail: `${c.name}: ${items.total} item(s) of ${owner ? "deactivated" : "deleted"} user` });
    }
  }
  return findings;
}

/**
 * Groups without members are harmless but confusing in the permissions UI;
 * the two built-in groups are exempt.  Reported so the admins can tidy up.
 */
function emptyGroups(groups: Group[]): Finding[] {
  return groups
    .filter((g) => g.member_count === 0 && !["All Users", "Administrators"].includes(g.name))
    .map((g) => ({ kind: "empty-group", detail: `group "${g.name}" has no members` }));
}

/**
 * Dashboards in the root collection are visible to everyone with root access
 * and tend to be forgotten; they should live in a team collection.
 */
async function rootDashboards(key: string): Promise<Finding[]> {
  const items = await get<{ data: { name: string; model: string }[] }>("/api/collection/root/items?models=dashboard", key);
  return items.data.map((d) => ({ kind: "root-dashboard", detail: `dashboard "${d.name}" is in the root collection` }));
}

/**
 * Questions that query a database directly with native SQL bypass the
 * data-model permissions; list them per collection for the review.
 */
async function nativeQuestions(key: string): Promise<Finding[]> {
  const cards = await get<{ id: number; name: string; query_type: string; collection?: { name: string } | null; archived: boolean }[]>(
    "/api/card?f=all", key);
  return cards
    .filter((c) => !c.archived && c.query_type === "native")
    .map((c) => ({ kind: "native-sql", detail: `#${c.id} "${c.name}" in ${c.collection?.name ?? "root"}` }));
}

/** Groups that hold write access on more than half of all collections. */
function broadWriters(graph: Graph, groups: Group[], total: number): Finding[] {
  const out: Finding[] = [];
  for (const g of groups) {
    if (g.name === "Administrators") continue;
    const perms = Object.values(graph.groups[String(g.id)] ?? {});
    const writes = perms.filter((p) => p === "write").length;
    if (total > 0 && writes / total > 0.5) {
      out.push({ kind: "broad-write", detail: `group "${g.name}" can write to ${writes} of ${total} collections` });
    }
  }
  return out;
}

function markdown(findings: Finding[], revision: number): string {
  const lines = [`# Metabase permission audit`, "", `graph revision ${revision}, ${findings.length} finding(s)`, ""];
  const kinds = [...new Set(findings.map((f) => f.kind))];
  for (const kind of kinds) {
    lines.push(`## ${kind}`, "", ...findings.filter((f) => f.kind === kind).map((f) => `- ${f.detail}`), "");
  }
  if (!findings.length) lines.push("No findings.");
  return lines.join("\n") + "\n";
}

async function main(): Promise<void> {
  const key = apiKey();
  const [graph, groups, collections, users] = await Promise.all([
    get<Graph>("/api/collection/graph", key),
    get<Group[]>("/api/permissions/group", key),
    get<Collection[]>("/api/collection?archived=false", key),
    get<{ data: User[] }>("/api/user?status=all&limit=2000", key),
  ]);
  const byId = new Map(collections.map((c) => [String(c.id), c]));
  const userMap = new Map(users.data.map((u) => [u.id, u]));
  const findings: Finding[] = [
    ...allUsersWrite(graph, groups, byId),
    ...(await orphanedPersonal(key, collections, userMap)),
    ...emptyGroups(groups),
    ...(await rootDashboards(key)),
    ...broadWriters(graph, groups, collections.length),
  ];
  if (process.argv.includes("--native")) findings.push(...(await nativeQuestions(key)));
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, "metabase-perms.json"), JSON.stringify({ revision: graph.revision, findings }, null, 2));
  writeFileSync(path.join(OUT, "metabase-perms.md"), markdown(findings, graph.revision));
  for (const f of findings) console.log(`${f.kind.padEnd(18)} ${f.detail}`);
  console.log(`${findings.length} finding(s); ${collections.length} collections, ${groups.length} groups checked`);
  if (findings.some((f) => f.kind === "all-users-write")) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`metabase-perms: ${err.message}`);
  process.exitCode = 2;
});
