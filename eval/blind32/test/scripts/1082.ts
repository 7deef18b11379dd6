/**
 * adguard-sync.ts - keep the LAB AdGuard Home filter lists and rewrites in
 * line with network/adguard.yaml (GitOps for the lab DNS filter).
 *
 *   npx tsx tools/adguard-sync.ts            # show the plan (default, no changes)
 *   npx tsx tools/adguard-sync.ts --apply    # apply the plan to the lab instance
 *
 * Only hosts in ALLOWED_HOSTS can be targeted (the lab instance); the home
 * AdGuard of any developer is out of scope.  Credentials: ADGUARD_USER /
 * ADGUARD_PASSWORD from .env, sent as HTTP basic auth to that host only.
 * The plan adds/removes filter lists and DNS rewrites; protection settings
 * (enabled/disabled) are never touched by this tool.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

const ROOT = path.resolve(__dirname, "..");
const DESIRED_FILE = path.join(ROOT, "network", "adguard.yaml");
const ALLOWED_HOSTS = new Set(["adguard-lab.internal"]);

interface FilterList {
  name: string;
  url: string;
  enabled: boolean;
}
interface Rewrite {
  domain: string;
  answer: string;
}
interface Desired {
  host: string;
  filters: FilterList[];
  rewrites: Rewrite[];
}
type Step =
  | { kind: "add-filter"; filter: FilterList }
  | { kind: "remove-filter"; filter: FilterList }
  | { kind: "toggle-filter"; filter: FilterList }
  | { kind: "add-rewrite"; rewrite: Rewrite }
  | { kind: "remove-rewrite"; rewrite: Rewrite };

function env(name: string): string {
  if (process.env[name]) return process.env[name] as string;
  const file = path.join(ROOT, ".env");
  if (existsSync(file)) {
    const m = new RegExp(`^${name}=(.*)$`, "m").exec(readFileSync(file, "utf8"));
    if (m) return m[1].trim().replace(/^"|"$/g, "");
  }
  throw new Error(`${name} missing (.env)`);
}

class AdGuard {
  private readonly base: string;
  private readonly auth: string;

  constructor(host: string) {
    if (!ALLOWED_HOSTS.has(host)) throw new Error(`${host} is not an allowed target`);
    this.base = `https://${host}/control`;
    this.auth = `Basic ${Buffer.from(`${env("ADGUARD_USER")}:${env("ADGUARD_PASSWORD")}`).toString("base64")}`;
  }

  async call<T>(method: "GET" | "POST", pathname: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}${pathname}`, {
      method,
      headers: { Authorization: this.auth, "Content-Type": "application/json" },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return (text ? JSON.parse(text) : {}) as T;
  }

  async filters(): Promise<FilterList[]> {
    const status = await this.call<{ filters: FilterList[] | null }>("GET", "/filtering/status");
    return (status.filters ?? []).map((f) => ({ name: f.name, url: f.url, enabled: f.enabled }));
  }

  async rewrites(): Promise<Rewrite[]> {
    return this.call<Rewrite[]>("GET", "/rewrite/list");
  }
}

function plan(desired: Desired, filters: FilterList[], rewrites: Rewrite[]): Step[] {
  const steps: Step[] = [];
  const liveByUrl = new Map(filters.map((f) => [f.url, f]));
  const wantedUrls = new Set(desired.filters.map((f) => f.url));
  for (const f of desired.filters) {
    const live = liveByUrl.get(f.url);
    if (!live) steps.push({ kind: "add-filter", filter: f });
    else if (live.enabled !== f.enabled) steps.push({ kind: "toggle-filter", filter: f });
  }
  for (const f of filters) if (!wantedUrls.has(f.url)) steps.push({ kind: "remove-filter", filter: f });
  const key = (r: Rewrite) => `${r.domain}|${r.answer}`;
  const liveRw = new Set(rewrites.map(key));
  const wantRw = new Set(desired.rewrites.map(key));
  for (const r of desired.rewrites) if (!liveRw.has(key(r))) steps.push({ kind: "add-rewrite", rewrite: r });
  for (const r of rewrites) if (!wantRw.has(key(r))) steps.push({ kind: "remove-rewrite", rewrite: r });
  return steps;
}

function describe(step: Step): string {
  switch (step.kind) {
    case "add-filter": return `+ filter ${step.filter.name} (${step.filter.url})`;
    case "remove-filter": return `- filter ${step.filter.name} (${step.filter.url})`;
    case "toggle-filter": return `~ filter ${step.filter.name} enabled=${step.filter.enabled}`;
    case "add-rewrite": return `+ rewrite ${step.rewrite.domain} -> ${step.rewrite.answer}`;
    case "remove-rewrite": return `- rewrite ${step.rewrite.domain} -> ${step.rewrite.answer}`;
  }
}

async function apply(ag: AdGuard, step: Step): Promise<void> {
  switch (step.kind) {
    case "add-filter":
      await ag.call("POST", "/filtering/add_url", { name: step.filter.name, url: step.filter.url, whitelist: false });
      if (!step.filter.enabled) {
        await ag.call("POST", "/filtering/set_url", { url: step.filter.url, whitelist: false, data: { ...step.filter } });
      }
      return;
    case "remove-filter":
      await ag.call("POST", "/filtering/remove_url", { url: step.filter.url, whitelist: false });
      return;
    case "toggle-filter":
      await ag.call("POST", "/filtering/set_url", { url: step.filter.url, whitelist: false, data: { ...step.filter } });
      return;
    case "add-rewrite":
      await ag.call("POST", "/rewrite/add", step.rewrite);
      return;
    case "remove-rewrite":
      await ag.call("POST", "/rewrite/delete", step.rewrite);
      return;
  }
}

function validateDesired(d: Desired): string[] {
  const problems: string[] = [];
  if (!ALLOWED_HOSTS.has(d.host)) problems.push(`host ${d.host} is not in the allow-list`);
  const urls = new Set<string>();
  for (const f of d.filters) {
    if (!/^https:\/\//.test(f.url)) problems.push(`filter ${f.name}: URL must use https`);
    if (urls.has(f.url)) problems.push(`filter ${f.name}: duplicate URL`);
    urls.add(f.url);
  }
  for (const r of d.rewrites) {
    if (!r.domain.endsWith(".internal") && !r.domain.endsWith(".lab.internal")) {
      problems.push(`rewrite ${r.domain}: only *.internal names may be rewritten`);
    }
  }
  return problems;
}

async function main(): Promise<void> {
  const doApply = process.argv.includes("--apply");
  const desired = parse(readFileSync(DESIRED_FILE, "utf8")) as Desired;
  const problems = validateDesired(desired);
  if (problems.length) {
    for (const problem of problems) console.error(`invalid: ${problem}`);
    process.exitCode = 2;
    return;
  }
  const ag = new AdGuard(desired.host);
  const steps = plan(desired, await ag.filters(), await ag.rewrites());
  if (!steps.length) {
    console.log(`${desired.host} matches network/adguard.yaml`);
    return;
  }
  for (const s of steps) console.log(describe(s));
  if (!doApply) {
    console.log(`\n${steps.length} change(s) planned; re-run with --apply to apply them to ${desired.host}`);
    return;
  }
  for (const s of steps) await apply(ag, s);
  await ag.call("POST", "/filtering/refresh", { whitelist: false });
  console.log(`applied ${steps.length} change(s) and refreshed filter lists on ${desired.host}`);
}

main().catch((err: Error) => {
  console.error(`adguard-sync: ${err.message}`);
  process.exitCode = 1;
});
