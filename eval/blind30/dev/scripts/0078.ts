/**
 * Check that the Authentik blueprints in git match what the local dev Authentik applied.
 *
 *   npx tsx tools/ak-blueprint-check.ts            # report drift
 *   npx tsx tools/ak-blueprint-check.ts --apply    # ask the dev instance to re-apply them
 *
 * The dev stack (docker compose) exposes Authentik on http://localhost:9000. The API
 * token for the local akadmin user is AUTHENTIK_DEV_TOKEN in .env. The script refuses to
 * run against anything that is not localhost, because re-applying blueprints rewrites
 * flows and providers.
 */
import { readFile, readdir } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { parse as parseYaml } from "yaml";

const ROOT = path.resolve(__dirname, "..");
const BLUEPRINT_DIR = path.join(ROOT, "authentik", "blueprints");

type BlueprintStatus = "successful" | "warning" | "error" | "orphaned" | "unknown";

interface BlueprintInstance {
  pk: string;
  name: string;
  path: string;
  status: BlueprintStatus;
  enabled: boolean;
  last_applied: string;
  last_applied_hash: string;
  managed_models: string[];
}

interface LocalBlueprint {
  file: string;
  name: string;
  hash: string;
  entries: number;
}

interface DriftReport {
  missing: LocalBlueprint[];
  changed: { local: LocalBlueprint; remote: BlueprintInstance }[];
  failing: BlueprintInstance[];
  orphaned: BlueprintInstance[];
}

function env(key: string, fallback?: string): string {
  if (process.env[key]) return process.env[key] as string;
  const file = path.join(ROOT, ".env");
  if (existsSync(file)) {
    const match = readFileSync(file, "utf8").match(new RegExp(`^${key}=(.*)$`, "m"));
    if (match) return match[1].trim().replace(/^"|"$/g, "");
  }
  if (fallback !== undefined) return fallback;
  throw new Error(`${key} is not set`);
}

const BASE = env("AUTHENTIK_URL", "http://localhost:9000").replace(/\/$/, "");

function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  if (host !== "localhost" && host !== "127.0.0.1") {
    throw new Error(`refusing to talk to ${url}; this tool is only for the local dev Authentik`);
  }
}

async function api<T>(route: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${BASE}/api/v3/${route}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${env("AUTHENTIK_DEV_TOKEN")}`,
      "Content-Type": "application/json",
      ...(init.headers ?? {}),
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${route}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

async function remoteInstances(): Promise<BlueprintInstance[]> {
  const out: BlueprintInstance[] = [];
  let page = 1;
  for (;;) {
    const res = await api<{ results: BlueprintInstance[]; pagination: { next: number } }>(`managed/blueprints/?page=${page}&page_size=100`);
    out.push(...res.results);
    if (!res.pagination.next) break;
    page = res.pagination.next;
  }
  return out;
}

async function localBlueprints(): Promise<LocalBlueprint[]> {
  const files = (await readdir(BLUEPRINT_DIR, { recursive: true }))
    .map(String)
    .filter((f) => f.endsWith(".yaml"));
  const result: LocalBlueprint[] = [];
  for (const rel of files.sort()) {
    const text = await readFile(path.join(BLUEPRINT_DIR, rel), "utf8");
    const doc = parseYaml(text) as { metadata?: { name?: string }; entries?: unknown[] };
    result.push({
      file: rel,
      name: doc.metadata?.name ?? rel,
      hash: createHash("sha512").update(text).digest("hex"),
      entries: doc.entries?.length ?? 0,
    });
  }
  return result;
}

function compare(local: LocalBlueprint[], remote: BlueprintInstance[]): DriftReport {
  const byPath = new Map(remote.map((r) => [r.path, r]));
  const report: DriftReport = { missing: [], changed: [], failing: [], orphaned: [] };
  for (const l of local) {
    const r = byPath.get(l.file);
    if (!r) report.missing.push(l);
    else if (r.last_applied_hash && r.last_applied_hash !== l.hash) report.changed.push({ local: l, remote: r });
  }
  const localFiles = new Set(local.map((l) => l.file));
  for (const r of remote) {
    if (r.status === "error" || r.status === "warning") report.failing.push(r);
    if (r.path && !localFiles.has(r.path) && !r.path.startsWith("default/") && !r.path.startsWith("system/")) {
      report.orphaned.push(r);
    }
  }
  return report;
}

function print(report: DriftReport): number {
  let problems = 0;
  const section = (title: string, lines: string[]) => {
    if (!lines.length) return;
    problems += lines.length;
    console.log(`\n${title}`);
    for (const l of lines) console.log(`  ${l}`);
  };
  section("Not known to the dev instance:", report.missing.map((m) => `${m.file} (${m.entries} entries)`));
  section("Changed since last apply:", report.changed.map((c) => `${c.local.file} (applied ${c.remote.last_applied})`));
  section("Failing on the dev instance:", report.failing.map((f) => `${f.path}: ${f.status}`));
  section("On the instance but not in git:", report.orphaned.map((o) => `${o.path} (${o.name})`));
  if (!problems) console.log("blueprints in git and on the dev instance agree");
  return problems;
}

async function reapply(report: DriftReport, remote: BlueprintInstance[]): Promise<void> {
  const targets = [...report.changed.map((c) => c.remote), ...report.failing];
  const unique = new Map(targets.map((t) => [t.pk, t]));
  for (const inst of unique.values()) {
    await api(`managed/blueprints/${inst.pk}/apply/`, { method: "POST" });
    console.log(`re-applied ${inst.path}`);
  }
  if (report.missing.length) {
    console.log(`${report.missing.length} new blueprint(s) are picked up by the worker's discovery task within a minute`);
    await api("admin/system_tasks/blueprints_discovery/run/", { method: "POST" }).catch(() => undefined);
  }
  void remote;
}

async function version(): Promise<string> {
  // Blueprint schema changes between releases; print the version next to the report.
  try {
    const info = await api<{ version_current: string; outdated: boolean }>("admin/version/");
    return `${info.version_current}${info.outdated ? " (update available)" : ""}`;
  } catch {
    return "unknown";
  }
}

async function main(): Promise<void> {
  assertLocal(BASE);
  console.log(`authentik ${await version()} on ${BASE}`);
  const [local, remote] = await Promise.all([localBlueprints(), remoteInstances()]);
  console.log(`${local.length} blueprint file(s) in git, ${remote.length} instance(s) on ${BASE}`);
  const report = compare(local, remote);
  const problems = print(report);
  if (process.argv.includes("--apply") && problems) {
    await reapply(report, remote);
    const again = compare(local, await remoteInstances());
    print(again);
  }
  process.exitCode = problems ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`ak-blueprint-check: ${err.message}`);
  process.exit(2);
});
