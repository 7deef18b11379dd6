#!/usr/bin/env -S npx tsx
/**
 * Read-only Wazuh agent report for the lab environment.
 *
 * Authenticates against the Wazuh server API (https://wazuh.internal:55000)
 * with the read-only API user from the project's .env, then lists agents,
 * their status, version and last keep-alive, plus the count of alerts per
 * agent in the last 24h from the indexer (optional, --alerts).
 *
 * The API user has the "readonly" role; the script never calls PUT/DELETE
 * endpoints (restart, upgrade, delete agents) — see the `get()` helper, which
 * is the only request function.
 *
 *   npx tsx tools/wazuh-agents.ts
 *   npx tsx tools/wazuh-agents.ts --status disconnected --markdown
 *   npx tsx tools/wazuh-agents.ts --alerts
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Agent } from "undici";

const ROOT = resolve(__dirname, "..");
const CA = join(ROOT, "deploy", "wazuh", "root-ca.pem");

interface WazuhAgent {
  id: string;
  name: string;
  ip?: string;
  status: "active" | "disconnected" | "pending" | "never_connected";
  version?: string;
  os?: { name?: string; version?: string };
  lastKeepAlive?: string;
  group?: string[];
}

interface ApiResponse<T> {
  data: { affected_items: T[]; total_affected_items: number };
  error: number;
}

function env(name: string, fallback?: string): string {
  const fromEnv = process.env[name];
  if (fromEnv) return fromEnv;
  const file = join(ROOT, ".env");
  if (existsSync(file)) {
    const m = new RegExp(`^${name}=(.*)$`, "m").exec(readFileSync(file, "utf8"));
    if (m) return m[1].trim();
  }
  if (fallback !== undefined) return fallback;
  throw new Error(`${name} missing from environment/.env`);
}

function apiBase(): string {
  const url = new URL(env("WAZUH_API_URL", "https://wazuh.internal:55000"));
  if (!url.hostname.endsWith(".internal") && url.hostname !== "localhost") {
    throw new Error(`WAZUH_API_URL ${url.hostname} is not the lab server`);
  }
  return url.origin;
}

const dispatcher = new Agent({
  connect: existsSync(CA) ? { ca: readFileSync(CA) } : {},
});

let token: string | null = null;

async function login(): Promise<string> {
  const user = env("WAZUH_API_USER", "readonly");
  const pass = env("WAZUH_API_PASSWORD");
  const res = await fetch(`${apiBase()}/security/user/authenticate?raw=true`, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}` },
    // @ts-expect-error undici dispatcher option
    dispatcher,
  });
  if (!res.ok) throw new Error(`Wazuh login failed: ${res.status}`);
  return (await res.text()).trim();
}

async function get<T>(route: string, params: Record<string, string | number> = {}): Promise<ApiResponse<T>> {
  token ??= await login();
  const url = new URL(route, apiBase());
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  for (let attempt = 1; attempt <= 2; attempt++) {
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${token}` },
      // @ts-expect-error undici dispatcher option
      dispatcher,
    });
    if (res.status === 401 && attempt === 1) {
      token = await login();
      continue;
    }
    if (!res.ok) throw new Error(`GET ${route}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return (await res.json()) as ApiResponse<T>;
  }
  throw new Error(`GET ${route}: unauthorized`);
}

async function agents(status?: string): Promise<WazuhAgent[]> {
  const out: WazuhAgent[] = [];
  for (let offset = 0; ; offset += 500) {
    const params: Record<string, string | number> = {
      offset,
      limit: 500,
      select: "id,name,ip,status,version,os.name,os.version,lastKeepAlive,group",
    };
    if (status) params.status = status;
    const page = await get<WazuhAgent>("/agents", params);
    out.push(...page.data.affected_items);
    if (out.length >= page.data.total_affected_items) break;
  }
  return out.filter((a) => a.id !== "000");
}

async function alertCounts(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const indexer = env("WAZUH_INDEXER_URL", "https://wazuh-indexer.internal:9200");
  if (!new URL(indexer).hostname.endsWith(".internal")) throw new Error("indexer must be *.internal");
  const body = {
    size: 0,
    query: { range: { timestamp: { gte: "now-24h" } } },
    aggs: { agents: { terms: { field: "agent.id", size: 1000 } } },
  };
  const res = await fetch(`${indexer}/wazuh-alerts-*/_search`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Basic ${Buffer.from(`${env("WAZUH_INDEXER_USER", "readonly")}:${env("WAZUH_INDEXER_PASSWORD")}`).toString("base64")}`,
    },
    body: JSON.stringify(body),
    // @ts-expect-error undici dispatcher option
    dispatcher,
  });
  if (!res.ok) throw new Error(`indexer search failed: ${res.status}`);
  const json = (await res.json()) as { aggregations: { agents: { buckets: { key: string; doc_count: number }[] } } };
  for (const b of json.aggregations.agents.buckets) counts.set(b.key, b.doc_count);
  return counts;
}

function ago(iso?: string): string {
  if (!iso) return "never";
  const mins = Math.floor((Date.now() - Date.parse(iso)) / 60000);
  if (mins < 60) return `${mins}m`;
  if (mins < 1440) return `${Math.floor(mins / 60)}h`;
  return `${Math.floor(mins / 1440)}d`;
}

function markdown(list: WazuhAgent[], alerts?: Map<string, number>): string {
  const rows = list.map(
    (a) =>
      `| ${a.id} | ${a.name} | ${a.status} | ${a.version ?? ""} | ${a.os?.name ?? ""} ${a.os?.version ?? ""} | ${ago(a.lastKeepAlive)} |` +
      (alerts ? ` ${alerts.get(a.id) ?? 0} |` : ""),
  );
  const head = `| id | name | status | version | os | last keep-alive |${alerts ? " alerts 24h |" : ""}`;
  const sep = `|---|---|---|---|---|---|${alerts ? "---|" : ""}`;
  return [`# Wazuh agents (${new Date().toISOString().slice(0, 16)}Z)`, "", head, sep, ...rows, ""].join("\n");
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const status = args.includes("--status") ? args[args.indexOf("--status") + 1] : undefined;
  const list = (await agents(status)).sort((a, b) => a.name.localeCompare(b.name));
  const alerts = args.includes("--alerts") ? await alertCounts() : undefined;
  for (const a of list) {
    const extra = alerts ? `  alerts24h=${alerts.get(a.id) ?? 0}` : "";
    console.log(`${a.id.padEnd(5)} ${a.name.padEnd(24)} ${a.status.padEnd(16)} ${(a.version ?? "").padEnd(14)} ${ago(a.lastKeepAlive)}${extra}`);
  }
  const offline = list.filter((a) => a.status !== "active").length;
  console.log(`${list.length} agent(s), ${offline} not active`);
  if (args.includes("--markdown")) {
    const out = join(ROOT, "reports", "wazuh-agents.md");
    mkdirSync(join(ROOT, "reports"), { recursive: true });
    writeFileSync(out, markdown(list, alerts));
    console.log(`wrote ${out.slice(ROOT.length + 1)}`);
  }
  return offline ? 1 : 0;
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
