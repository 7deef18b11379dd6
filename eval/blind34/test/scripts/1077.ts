#!/usr/bin/env -S npx tsx
/**
 * lambda-launch.ts — launch (and later terminate) the Lambda Cloud instance
 * for one evaluation run, tagged so it can be found again.
 *
 *   npx tsx tools/lambda-launch.ts plan   --run eval-0507        # what would happen
 *   npx tsx tools/lambda-launch.ts launch --run eval-0507 --yes  # rent it
 *   npx tsx tools/lambda-launch.ts finish --run eval-0507 --yes  # terminate it
 *
 * Instance type, region preference and SSH key name come from
 * config/lambda-eval.json.  Instances are named "<namePrefix>-<run>"; `finish`
 * terminates only the instance id recorded in .lambda/<run>.json by `launch`,
 * after re-checking that the name still matches.  The API key is
 * LAMBDA_API_KEY from .env, sent as basic auth to cloud.lambdalabs.com.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const API = "https://cloud.lambdalabs.com/api/v1";
const STATE_DIR = join(REPO, ".lambda");

interface EvalConfig {
  namePrefix: string;
  instanceType: string;
  regions: string[];
  sshKeyName: string;
  fileSystem?: string;
}

interface Instance {
  id: string;
  name?: string;
  status: string;
  ip?: string;
  region: { name: string };
  instance_type: { name: string; price_cents_per_hour: number };
}

type Command = "plan" | "launch" | "finish" | "status";

function loadConfig(): EvalConfig {
  const cfg = JSON.parse(readFileSync(join(REPO, "config", "lambda-eval.json"), "utf8")) as EvalConfig;
  if (!/^[a-z0-9-]{3,20}$/.test(cfg.namePrefix)) throw new Error("namePrefix must be 3-20 chars of a-z0-9-");
  return cfg;
}

function authHeader(): string {
  let key = process.env.LAMBDA_API_KEY;
  if (!key && existsSync(join(REPO, ".env"))) {
    key = readFileSync(join(REPO, ".env"), "utf8").match(/^LAMBDA_API_KEY=(.+)$/m)?.[1]?.trim();
  }
  if (!key) throw new Error("LAMBDA_API_KEY missing");
  return `Basic ${Buffer.from(`${key}:`).toString("base64")}`;
}

async function api<T>(method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API}${route}`, {
    method,
    headers: { Authorization: authHeader(), "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => ({}))) as { data?: T; error?: { message: string } };
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${json.error?.message ?? ""}`);
  return json.data as T;
}

function stateFile(run: string): string {
  if (!/^[a-z0-9-]{3,40}$/.test(run)) throw new Error("--run must be 3-40 chars of a-z0-9-");
  return join(STATE_DIR, `${run}.json`);
}

async function capacity(cfg: EvalConfig): Promise<string | null> {
  const types = await api<Record<string, { regions_with_capacity_available: Array<{ name: string }> }>>("GET", "/instance-types");
  const regions = types[cfg.instanceType]?.regions_with_capacity_available.map((r) => r.name) ?? [];
  return cfg.regions.find((r) => regions.includes(r)) ?? null;
}

async function findByName(name: string): Promise<Instance[]> {
  const all = await api<Instance[]>("GET", "/instances");
  return all.filter((i) => i.name === name);
}

async function plan(cfg: EvalConfig, run: string): Promise<void> {
  const name = `${cfg.namePrefix}-${run}`;
  const region = await capacity(cfg);
  const existing = await findByName(name);
  console.log(`name:      ${name}`);
  console.log(`type:      ${cfg.instanceType}`);
  console.log(`region:    ${region ?? "no capacity in preferred regions"}`);
  console.log(`ssh key:   ${cfg.sshKeyName}`);
  console.log(`existing:  ${existing.map((i) => `${i.id} (${i.status})`).join(", ") || "none"}`);
}

async function launch(cfg: EvalConfig, run: string, yes: boolean): Promise<void> {
  const file = stateFile(run);
  if (existsSync(file)) throw new Error(`${file} exists; run 'finish' first or pick a new run id`);
  const name = `${cfg.namePrefix}-${run}`;
  if ((await findByName(name)).length) throw new Error(`an instance named ${name} already exists`);
  const region = await capacity(cfg);
  if (!region) throw new Error("no capacity; try later or widen regions in the config");
  if (!yes) {
    console.log(`would launch ${cfg.instanceType} in ${region} as ${name}; add --yes (this costs money)`);
    return;
  }
  const result = await api<{ instance_ids: string[] }>("POST", "/instance-operations/launch", {
    region_name: region,
    instance_type_name: cfg.instanceType,
    ssh_key_names: [cfg.sshKeyName],
    file_system_names: cfg.fileSystem ? [cfg.fileSystem] : [],
    name,
    quantity: 1,
  });
  mkdirSync(STATE_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify({ id: result.instance_ids[0], name, region, launchedAt: new Date().toISOString() }, null, 2));
  console.log(`launched ${result.instance_ids[0]} (${name}); recorded in ${file.slice(REPO.length + 1)}`);
}

async function finish(cfg: EvalConfig, run: string, yes: boolean): Promise<void> {
  const file = stateFile(run);
  if (!existsSync(file)) throw new Error(`nothing recorded for run ${run}`);
  const state = JSON.parse(readFileSync(file, "utf8")) as { id: string; name: string; launchedAt: string };
  const inst = await api<Instance>("GET", `/instances/${state.id}`);
  if (inst.name !== state.name || !state.name.startsWith(`${cfg.namePrefix}-`)) {
    throw new Error(`instance ${state.id} is named ${inst.name}, not ${state.name}; refusing`);
  }
  const hours = (Date.now() - Date.parse(state.launchedAt)) / 3.6e6;
  const cost = (hours * inst.instance_type.price_cents_per_hour) / 100;
  if (!yes) {
    console.log(`would terminate ${state.id} (${state.name}), up ${hours.toFixed(1)} h ≈ $${cost.toFixed(2)}; add --yes`);
    return;
  }
  await api("POST", "/instance-operations/terminate", { instance_ids: [state.id] });
  rmSync(file);
  console.log(`terminated ${state.id}; about $${cost.toFixed(2)} spent`);
}

async function status(cfg: EvalConfig, run: string): Promise<void> {
  const file = stateFile(run);
  if (!existsSync(file)) {
    console.log(`no instance recorded for ${run}`);
    return;
  }
  const state = JSON.parse(readFileSync(file, "utf8")) as { id: string };
  const inst = await api<Instance>("GET", `/instances/${state.id}`);
  console.log(`${inst.name} ${inst.status} ${inst.ip ?? ""} ${inst.region.name} ${inst.instance_type.name}`);
}

/**
 * List runs recorded in .lambda/ that are older than a day — usually an
 * evaluation whose instance someone forgot to finish.
 */
function forgottenRuns(): string[] {
  if (!existsSync(STATE_DIR)) return [];
  const out: string[] = [];
  for (const f of readdirSync(STATE_DIR).filter((n) => n.endsWith(".json"))) {
    const state = JSON.parse(readFileSync(join(STATE_DIR, f), "utf8")) as { name: string; launchedAt: string };
    const hours = (Date.now() - Date.parse(state.launchedAt)) / 3.6e6;
    if (hours > 24) out.push(`${state.name} (launched ${hours.toFixed(0)} h ago)`);
  }
  return out;
}

async function main(): Promise<void> {
  for (const f of forgottenRuns()) console.error(`reminder: ${f} is still recorded; finish it if the eval is done`);
  const [command, ...rest] = process.argv.slice(2) as [Command, ...string[]];
  const runIdx = rest.indexOf("--run");
  const run = runIdx >= 0 ? rest[runIdx + 1] : "";
  const yes = rest.includes("--yes");
  const cfg = loadConfig();
  switch (command) {
    case "plan": return plan(cfg, run);
    case "launch": return launch(cfg, run, yes);
    case "finish": return finish(cfg, run, yes);
    case "status": return status(cfg, run);
    default: throw new Error("usage: lambda-launch.ts plan|launch|finish|status --run <id> [--yes]");
  }
}

main().catch((err: Error) => {
  console.error(`lambda-launch: ${err.message}`);
  process.exitCode = 1;
});
