/**
 * listmonk-fixtures.ts - load fixture subscribers into the local listmonk for UI tests
 *
 *   npx tsx test/listmonk-fixtures.ts load     # create lists + subscribers from fixtures/
 *   npx tsx test/listmonk-fixtures.ts purge    # delete only the fixture subscribers/lists
 *
 * Talks to the listmonk started by docker-compose.test.yml on http://localhost:9100 with
 * the test API user from .env.test. Every fixture subscriber has an @example.com address
 * and the attribute {"fixture": true}; every fixture list name starts with "fixture-".
 * `purge` deletes by those markers only, and the script refuses to run against any host
 * other than localhost.
 */
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

type ListType = "public" | "private";

interface FixtureList {
  name: string;
  type: ListType;
  optin: "single" | "double";
  tags?: string[];
}

interface FixtureSubscriber {
  email: string;
  name: string;
  lists: string[];
  status?: "enabled" | "blocklisted";
  attribs?: Record<string, unknown>;
}

interface ApiList {
  id: number;
  name: string;
  subscriber_count: number;
}

interface ApiSubscriber {
  id: number;
  email: string;
  attribs: Record<string, unknown>;
}

function envTest(): Record<string, string> {
  const file = path.join(ROOT, ".env.test");
  const out: Record<string, string> = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const idx = line.indexOf("=");
      if (idx > 0) out[line.slice(0, idx).trim()] = line.slice(idx + 1).trim();
    }
  }
  return { ...out, ...(process.env as Record<string, string>) };
}

const E = envTest();
const BASE = (E.LISTMONK_TEST_URL ?? "http://localhost:9100").replace(/\/$/, "");

class Listmonk {
  private readonly auth: string;

  constructor(private readonly base: string, user: string, token: string) {
    const host = new URL(base).hostname;
    if (host !== "localhost" && host !== "127.0.0.1") throw new Error(`refusing to load fixtures into ${base}`);
    this.auth = "Basic " + Buffer.from(`${user}:${token}`).toString("base64");
  }

  async call<T>(method: string, route: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}/api${route}`, {
      method,
      headers: { Authorization: this.auth, "Content-Type": "application/json" },
      body: typeof body === "undefined" ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 200)}`);
    return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
  }

  async lists(): Promise<ApiList[]> {
    const data = await this.call<{ results: ApiList[] }>("GET", "/lists?per_page=all");
    return data.results;
  }

  async subscribersMatching(query: string): Promise<ApiSubscriber[]> {
    const q = encodeURIComponent(query);
    const data = await this.call<{ results: ApiSubscriber[] }>("GET", `/subscribers?per_page=all&query=${q}`);
    return data.results ?? [];
  }
}

function readFixture<T>(name: string): T {
  return JSON.parse(readFileSync(path.join(ROOT, "fixtures", name), "utf8")) as T;
}

function validateFixtures(lists: FixtureList[], subs: FixtureSubscriber[]): void {
  const bad: string[] = [];
  for (const l of lists) if (!l.name.startsWith("fixture-")) bad.push(`list ${l.name} must start with fixture-`);
  for (const s of subs) {
    if (!s.email.endsWith("@example.com")) bad.push(`subscriber ${s.email} must use @example.com`);
    for (const ln of s.lists) if (!lists.some((l) => l.name === ln)) bad.push(`subscriber ${s.email}: unknown list ${ln}`);
  }
  if (bad.length) throw new Error(`invalid fixtures:\n  ${bad.join("\n  ")}`);
}

async function load(api: Listmonk): Promise<void> {
  const lists = readFixture<FixtureList[]>("listmonk-lists.json");
  const subs = readFixture<FixtureSubscriber[]>("listmonk-subscribers.json");
  validateFixtures(lists, subs);
  const existing = new Map((await api.lists()).map((l) => [l.name, l.id]));
  for (const l of lists) {
    if (existing.has(l.name)) continue;
    const created = await api.call<ApiList>("POST", "/lists", { ...l, tags: [...(l.tags ?? []), "fixture"] });
    existing.set(l.name, created.id);
    console.log(`list ${l.name} (#${created.id})`);
  }
  let added = 0;
  for (const s of subs) {
    const found = await api.subscribersMatching(`subscribers.email = '${s.email}'`);
    if (found.length) continue;
    await api.call("POST", "/subscribers", {
      email: s.email,
      name: s.name,
      status: s.status ?? "enabled",
      lists: s.lists.map((n) => existing.get(n)),
      attribs: { ...(s.attribs ?? {}), fixture: true },
      preconfirm_subscriptions: true,
    });
    added++;
  }
  console.log(`${added} fixture subscriber(s) added, ${subs.length - added} already present`);
}

async function purge(api: Listmonk): Promise<void> {
  const subs = await api.subscribersMatching("subscribers.attribs->>'fixture' = 'true' AND subscribers.email LIKE '%@example.com'");
  if (subs.length) {
    await api.call("DELETE", `/subscribers?${subs.map((s) => `id=${s.id}`).join("&")}`);
  }
  const lists = (await api.lists()).filter((l) => l.name.startsWith("fixture-"));
  for (const l of lists) await api.call("DELETE", `/lists/${l.id}`);
  console.log(`purged ${subs.length} fixture subscriber(s) and ${lists.length} fixture list(s)`);
}

async function verify(api: Listmonk): Promise<void> {
  // every fixture list must have exactly the subscribers the fixture file says
  const subs = readFixture<FixtureSubscriber[]>("listmonk-subscribers.json");
  const expected = new Map<string, number>();
  for (const s of subs) for (const l of s.lists) expected.set(l, (expected.get(l) ?? 0) + 1);
  let mismatches = 0;
  for (const l of await api.lists()) {
    if (!l.name.startsWith("fixture-")) continue;
    const want = expected.get(l.name) ?? 0;
    if (l.subscriber_count !== want) {
      console.log(`${l.name}: ${l.subscriber_count} subscriber(s), fixtures say ${want}`);
      mismatches++;
    }
  }
  console.log(mismatches ? `${mismatches} list(s) differ from the fixtures` : "fixture lists match");
  process.exitCode = mismatches ? 1 : 0;
}

async function summary(api: Listmonk): Promise<void> {
  const lists = await api.lists();
  for (const l of lists) console.log(`${l.name.startsWith("fixture-") ? "fixture" : "       "} #${l.id} ${l.name}: ${l.subscriber_count}`);
}

async function main(): Promise<void> {
  const api = new Listmonk(BASE, E.LISTMONK_TEST_USER ?? "api", E.LISTMONK_TEST_TOKEN ?? "");
  const health = await fetch(`${BASE}/api/health`).catch(() => null);
  if (!health || !health.ok) throw new Error(`listmonk test instance not reachable on ${BASE} (docker compose -f docker-compose.test.yml up -d)`);
  switch (process.argv[2]) {
    case "load": return load(api);
    case "purge": return purge(api);
    case "summary": return summary(api);
    case "verify": return verify(api);
    default:
      console.error("usage: listmonk-fixtures.ts load|purge|summary");
      process.exitCode = 2;
  }
}

main().catch((err: Error) => {
  console.error(`listmonk-fixtures: ${err.message}`);
  process.exit(1);
});
