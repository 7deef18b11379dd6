#!/usr/bin/env -S npx tsx
/**
 * balena-env.ts — keep fleet and device environment variables of the
 * *staging* balena fleets in sync with fleet-env/<fleet>.yaml.
 *
 *   npx tsx tools/balena-env.ts diff lab/gateways-staging
 *   npx tsx tools/balena-env.ts apply lab/gateways-staging --yes
 *
 * Talks to https://api.balena-cloud.com/v6 with the developer's API key
 * (BALENA_API_KEY or the token written by `balena login`). Only fleets listed in
 * STAGING_FLEETS can be changed; production fleets are read-only here. Variables
 * whose name ends in _SECRET are compared by hash and printed masked.
 * Variables present on the fleet but missing in the YAML are reported, and only
 * removed when --prune is given as well.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { parse } from "yaml";

const ROOT = resolve(__dirname, "..");
const API = "https://api.balena-cloud.com/v6";
const STAGING_FLEETS = new Set(["lab/gateways-staging", "lab/sensors-staging"]);
const NAME_RE = /^[A-Z_][A-Z0-9_]*$/;

interface EnvVar {
  id: number;
  name: string;
  value: string;
}

interface Plan {
  create: [string, string][];
  update: [EnvVar, string][];
  remove: EnvVar[];
}

function apiKey(): string {
  const fromEnv = process.env.BALENA_API_KEY;
  if (fromEnv) return fromEnv;
  const tokenFile = join(homedir(), ".balena", "token");
  if (existsSync(tokenFile)) return readFileSync(tokenFile, "utf8").trim();
  throw new Error("no balena credentials (BALENA_API_KEY or `balena login`)");
}

async function api<T>(method: string, resource: string, payload?: unknown): Promise<T> {
  const res = await fetch(`${API}/${resource}`, {
    method,
    headers: { Authorization: `Bearer ${apiKey()}`, "Content-Type": "application/json" },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  if (!res.ok) throw new Error(`${method} ${resource.split("?")[0]}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : {}) as T;
}

async function fleetId(slug: string): Promise<number> {
  const res = await api<{ d: { id: number }[] }>("GET", `application?$select=id&$filter=slug eq '${encodeURIComponent(slug)}'`);
  if (!res.d.length) throw new Error(`fleet ${slug} not found`);
  return res.d[0].id;
}

async function fleetVars(id: number): Promise<EnvVar[]> {
  const res = await api<{ d: EnvVar[] }>("GET", `application_environment_variable?$select=id,name,value&$filter=application eq ${id}`);
  return res.d;
}

function desired(slug: string): Record<string, string> {
  const file = join(ROOT, "fleet-env", `${slug.replace("/", "__")}.yaml`);
  if (!existsSync(file)) throw new Error(`missing ${file.slice(ROOT.length + 1)}`);
  const doc = (parse(readFileSync(file, "utf8")) ?? {}) as { env?: Record<string, string | number | boolean> };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(doc.env ?? {})) {
    if (!NAME_RE.test(k)) throw new Error(`invalid variable name ${k}`);
    out[k] = String(v).startsWith("env:") ? process.env[String(v).slice(4)] ?? "" : String(v);
  }
  return out;
}

const digest = (v: string) => createHash("sha256").update(v).digest("hex").slice(0, 12);
const show = (name: string, v: string) => (name.endsWith("_SECRET") ? `sha256:${digest(v)}` : JSON.stringify(v));

function plan(current: EnvVar[], wanted: Record<string, string>): Plan {
  const byName = new Map(current.map((v) => [v.name, v]));
  const p: Plan = { create: [], update: [], remove: [] };
  for (const [name, value] of Object.entries(wanted)) {
    const cur = byName.get(name);
    if (!cur) p.create.push([name, value]);
    else if (cur.value !== value) p.update.push([cur, value]);
  }
  for (const v of current) if (!(v.name in wanted)) p.remove.push(v);
  return p;
}

function printPlan(p: Plan): void {
  for (const [n, v] of p.create) console.log(`+ ${n}=${show(n, v)}`);
  for (const [cur, v] of p.update) console.log(`~ ${cur.name}: ${show(cur.name, cur.value)} -> ${show(cur.name, v)}`);
  for (const v of p.remove) console.log(`- ${v.name} (only removed with --prune)`);
  if (!p.create.length && !p.update.length && !p.remove.length) console.log("in sync");
}

async function apply(id: number, p: Plan, prune: boolean): Promise<void> {
  for (const [name, value] of p.create) {
    await api("POST", "application_environment_variable", { application: id, name, value });
    console.log(`created ${name}`);
  }
  for (const [cur, value] of p.update) {
    await api("PATCH", `application_environment_variable(${cur.id})`, { value });
    console.log(`updated ${cur.name}`);
  }
  if (prune) {
    for (const v of p.remove) {
      await api("DELETE", `application_environment_variable(${v.id})`);
      console.log(`removed ${v.name}`);
    }
  }
}

async function deviceOverrides(id: number): Promise<Map<string, string[]>> {
  // device-level variables override fleet variables; list them so a fleet change
  // that has no effect on some devices is not a surprise
  const res = await api<{ d: { name: string; device: { __id: number } }[] }>(
    "GET",
    `device_environment_variable?$select=name,device&$filter=device/belongs_to__application eq ${id}`,
  );
  const byName = new Map<string, string[]>();
  for (const v of res.d) {
    const list = byName.get(v.name) ?? [];
    list.push(String(v.device.__id));
    byName.set(v.name, list);
  }
  return byName;
}

function warnOverrides(p: Plan, overrides: Map<string, string[]>): void {
  const touched = [...p.create.map(([n]) => n), ...p.update.map(([v]) => v.name)];
  for (const name of touched) {
    const devices = overrides.get(name);
    if (devices?.length) {
      console.log(`note: ${name} is overridden on ${devices.length} device(s) (${devices.slice(0, 5).join(", ")}${devices.length > 5 ? ", …" : ""})`);
    }
  }
}

function checkSecrets(wanted: Record<string, string>): string[] {
  // secrets must come from the environment (env:NAME), never literally from the YAML
  return Object.entries(wanted)
    .filter(([name, value]) => name.endsWith("_SECRET") && value === "")
    .map(([name]) => `${name} resolved to an empty value (is the env:... variable exported?)`);
}

async function main(): Promise<number> {
  const [cmd, slug, ...flags] = process.argv.slice(2);
  if (slug) {
    const problems = checkSecrets(desired(slug));
    if (problems.length) {
      problems.forEach((p) => console.error(`fleet-env: ${p}`));
      return 2;
    }
  }
  if (!slug || (cmd !== "diff" && cmd !== "apply")) {
    console.log("usage: balena-env.ts diff|apply <org/fleet> [--yes] [--prune]");
    return 2;
  }
  const id = await fleetId(slug);
  const p = plan(await fleetVars(id), desired(slug));
  printPlan(p);
  warnOverrides(p, await deviceOverrides(id));
  if (cmd === "diff") return p.create.length || p.update.length ? 1 : 0;
  if (!STAGING_FLEETS.has(slug)) throw new Error(`${slug} is not a staging fleet; change it in the dashboard`);
  if (!flags.includes("--yes")) {
    console.log("add --yes to apply");
    return 0;
  }
  await apply(id, p, flags.includes("--prune"));
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`balena-env: ${err.message}`);
    process.exitCode = 1;
  },
);
