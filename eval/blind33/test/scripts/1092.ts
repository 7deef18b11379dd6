#!/usr/bin/env -S npx tsx
/**
 * statping-sync.ts — declare the Statping services of the internal status page
 * in monitoring/statping.yaml and keep the server in sync.
 *
 *   npx tsx monitoring/statping-sync.ts            plan
 *   npx tsx monitoring/statping-sync.ts --apply    create/update services
 *
 * Services whose name is not in the YAML are reported but never deleted: a
 * monitor removed by mistake loses its history, so deletion stays manual.
 * Every service must check a *.internal or localhost endpoint.
 * STATPING_API (from monitoring/.env) is sent only to STATPING_URL
 * (status.internal).
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";

const ROOT = resolve(__dirname, "..");
const SPEC = join(ROOT, "monitoring", "statping.yaml");

type CheckType = "http" | "tcp" | "icmp";

interface Desired {
  name: string;
  type: CheckType;
  domain: string;
  port?: number;
  expected_status?: number;
  check_interval?: number;
  timeout?: number;
  group?: string;
  public?: boolean;
}

interface Remote extends Desired {
  id: number;
  group_id?: number;
}

const COMPARED: (keyof Desired)[] = ["type", "domain", "port", "expected_status", "check_interval", "timeout", "public"];

function envValue(key: string): string | undefined {
  if (process.env[key]) return process.env[key];
  const envPath = join(ROOT, "monitoring/.env");
  if (!existsSync(envPath)) return undefined;
  const m = new RegExp(`^${key}=(.*)$`, "m").exec(readFileSync(envPath, { encoding: "utf8" }));
  return m?.[1].trim();
}

function baseUrl(): string {
  const raw = envValue("STATPING_URL") ?? "http://status.internal:8080";
  const host = new URL(raw).hostname;
  if (!host.endsWith(".internal") && host !== "localhost") throw new Error(`STATPING_URL host ${host} is not internal`);
  return raw.replace(/\/$/, "");
}

async function statping<T>(method: string, route: string, payload?: unknown): Promise<T> {
  const token = envValue("STATPING_API");
  if (!token) throw new Error("STATPING_API missing (monitoring/.env)");
  const res = await fetch(`${baseUrl()}/api${route}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  if (!res.ok) throw new Error(`Statping ${method} ${route} failed (${res.status}): ${(await res.text()).slice(0, 240)}`);
  return (await res.json()) as T;
}

function checkTarget(s: Desired): void {
  const host = s.type === "http" ? new URL(s.domain).hostname : s.domain;
  if (host !== "localhost" && !host.endsWith(".internal")) {
    throw new Error(`service ${s.name}: ${host} is not an internal endpoint`);
  }
  if (s.type === "tcp" && !s.port) throw new Error(`service ${s.name}: tcp checks need a port`);
}

function loadDesired(): Desired[] {
  const doc = (parse(readFileSync(SPEC, "utf8")) ?? {}) as { services?: Desired[] };
  const list = doc.services ?? [];
  const names = new Set<string>();
  for (const s of list) {
    if (names.has(s.name)) throw new Error(`duplicate service ${s.name}`);
    names.add(s.name);
    checkTarget(s);
  }
  return list;
}

async function groups(): Promise<Map<string, number>> {
  const list = await statping<{ id: number; name: string }[]>("GET", "/groups");
  return new Map(list.map((g) => [g.name, g.id]));
}

function differences(want: Desired, have: Remote): string[] {
  return COMPARED.filter((k) => want[k] !== undefined && String(want[k]) !== String(have[k] ?? ""));
}

function body(s: Desired, groupIds: Map<string, number>): Record<string, unknown> {
  return {
    name: s.name,
    type: s.type,
    domain: s.domain,
    port: s.port ?? 0,
    expected_status: s.expected_status ?? 200,
    check_interval: s.check_interval ?? 60,
    timeout: s.timeout ?? 15,
    public: s.public ?? true,
    group_id: s.group ? groupIds.get(s.group) ?? 0 : 0,
    method: "GET",
  };
}

async function reportFailures(remote: Remote[]): Promise<void> {
  // show services that are currently failing, so a sync is not mistaken for a fix
  for (const r of remote) {
    const detail = await statping<{ online?: boolean; latency?: number; last_error?: string }>("GET", `/services/${r.id}`).catch(
      () => null,
    );
    if (detail && detail.online === false) {
      console.log(`  currently DOWN: ${r.name}${detail.last_error ? ` (${detail.last_error})` : ""}`);
    }
  }
}

function intervalWarnings(desired: Desired[]): string[] {
  // very short intervals on many services overload the small status VM
  const fast = desired.filter((d) => (d.check_interval ?? 60) < 30);
  return fast.length > 5 ? [`${fast.length} services check more often than every 30s`] : [];
}

async function main(): Promise<number> {
  const apply = process.argv.includes("--apply");
  const desired = loadDesired();
  for (const w of intervalWarnings(desired)) console.log(`warning: ${w}`);
  const remote = await statping<Remote[]>("GET", "/services");
  const byName = new Map(remote.map((r) => [r.name, r]));
  const groupIds = await groups();

  const creates = desired.filter((d) => !byName.has(d.name));
  const updates = desired
    .filter((d) => byName.has(d.name))
    .map((d) => ({ want: d, have: byName.get(d.name)!, fields: differences(d, byName.get(d.name)!) }))
    .filter((u) => u.fields.length);
  const unmanaged = remote.filter((r) => !desired.some((d) => d.name === r.name));
  const missingGroups = [...new Set(desired.map((d) => d.group).filter((g): g is string => !!g && !groupIds.has(g)))];

  for (const c of creates) console.log(`+ ${c.name} (${c.type} ${c.domain})`);
  for (const u of updates) console.log(`~ ${u.want.name}: ${u.fields.join(", ")}`);
  for (const r of unmanaged) console.log(`? ${r.name} is on the server but not in statping.yaml (not deleted)`);
  for (const g of missingGroups) console.log(`! group ${g} does not exist; create it in the UI first`);
  await reportFailures(remote);
  if (!creates.length && !updates.length) {
    console.log("services in sync");
    return 0;
  }
  if (!apply) {
    console.log(`${creates.length + updates.length} change(s); re-run with --apply`);
    return 0;
  }
  for (const c of creates) {
    await statping("POST", "/services", body(c, groupIds));
    console.log(`created ${c.name}`);
  }
  for (const u of updates) {
    await statping("POST", `/services/${u.have.id}`, body(u.want, groupIds));
    console.log(`updated ${u.want.name}`);
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`statping-sync: ${err.message}`);
    process.exitCode = 1;
  },
);
