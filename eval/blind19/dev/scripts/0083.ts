// scripts/vault-env.ts - load development secrets from Vault into a child process.
//
// Talks to the team Vault over its HTTP API (VAULT_ADDR, default
// https://vault.internal:8200) with the token from ~/.vault-token or
// VAULT_TOKEN, reads the KV v2 paths listed in config/vault-env.json and runs
// the given command with the values in its environment.
//
//   npx tsx scripts/vault-env.ts -- npm run dev
//   npx tsx scripts/vault-env.ts --list        # names + versions, never values
//
// The Vault token is not passed on to the child.

import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

interface Mapping {
  env: string;
  path: string;
  field: string;
  optional?: boolean;
}

interface KvResponse {
  data: { data: Record<string, string>; metadata: { version: number; created_time: string } };
}

const ROOT = path.resolve(__dirname, "..");
const CONFIG = path.join(ROOT, "config", "vault-env.json");
const VAULT_ADDR = (process.env.VAULT_ADDR ?? "https://vault.internal:8200").replace(/\/$/, "");
const MOUNT = process.env.VAULT_KV_MOUNT ?? "secret";
const TIMEOUT_MS = 10_000;

function vaultToken(): string {
  if (process.env.VAULT_TOKEN) return process.env.VAULT_TOKEN;
  const file = path.join(homedir(), ".vault-token");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  throw new Error("no Vault token: run `vault login -method=oidc` first");
}

function loadMappings(): Mapping[] {
  const raw = JSON.parse(readFileSync(CONFIG, "utf8")) as Mapping[];
  const seen = new Set<string>();
  for (const m of raw) {
    if (!/^[A-Z_][A-Z0-9_]*$/.test(m.env)) throw new Error(`bad env name ${m.env}`);
    if (seen.has(m.env)) throw new Error(`${m.env} mapped twice`);
    if (m.path.startsWith("/") || m.path.includes("..")) throw new Error(`bad path ${m.path}`);
    seen.add(m.env);
  }
  return raw;
}

async function vaultGet<T>(apiPath: string, token: string): Promise<T | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const res = await fetch(`${VAULT_ADDR}/v1/${apiPath}`, {
      headers: { "X-Vault-Token": token },
      signal: controller.signal,
    });
    if (res.status === 404) return null;
    if (res.status === 403) throw new Error(`permission denied for ${apiPath}`);
    if (!res.ok) throw new Error(`Vault ${res.status} for ${apiPath}`);
    return (await res.json()) as T;
  } finally {
    clearTimeout(timer);
  }
}

async function tokenTtl(token: string): Promise<number> {
  const info = await vaultGet<{ data: { ttl: number } }>("auth/token/lookup-self", token);
  return info?.data.ttl ?? 0;
}

async function readAll(mappings: Mapping[], token: string) {
  const byPath = new Map<string, KvResponse | null>();
  for (const p of new Set(mappings.map((m) => m.path))) {
    byPath.set(p, await vaultGet<KvResponse>(`${MOUNT}/data/${p}`, token));
  }
  const values: Record<string, string> = {};
  const problems: string[] = [];
  const versions: Record<string, number> = {};
  for (const m of mappings) {
    const res = byPath.get(m.path);
    const value = res?.data.data[m.field];
    if (value === undefined) {
      if (!m.optional) problems.push(`${m.env}: ${m.path}#${m.field} not found`);
      continue;
    }
    values[m.env] = value;
    versions[m.env] = res!.data.metadata.version;
  }
  return { values, problems, versions };
}

function childEnv(values: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...values };
  delete env.VAULT_TOKEN;
  env.VAULT_ENV_LOADED = Object.keys(values).sort().join(",");
  return env;
}

function runChild(command: string[], values: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), { cwd: ROOT, env: childEnv(values), stdio: "inherit" });
    const forward = (sig: NodeJS.Signals) => child.kill(sig);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(signal ? 128 : code ?? 1));
  });
}

function listOnly(mappings: Mapping[], versions: Record<string, number>, problems: string[]): void {
  const width = Math.max(...mappings.map((m) => m.env.length));
  for (const m of mappings) {
    const v = versions[m.env];
    const state = v !== undefined ? `v${v}` : m.optional ? "(optional, missing)" : "MISSING";
    console.log(`${m.env.padEnd(width)}  ${m.path}#${m.field}  ${state}`);
  }
  if (problems.length) console.log(`\n${problems.length} problem(s)`);
}

async function renewIfShort(token: string, ttl: number): Promise<void> {
  // renewable tokens get another 8h so long dev sessions do not die mid-way
  if (ttl === 0 || ttl > 3600) return;
  const res = await fetch(`${VAULT_ADDR}/v1/auth/token/renew-self`, {
    method: "POST",
    headers: { "X-Vault-Token": token, "Content-Type": "application/json" },
    body: JSON.stringify({ increment: "8h" }),
  });
  if (res.ok) console.error("vault-env: token renewed for 8h");
}

function dotenvConflicts(values: Record<string, string>): string[] {
  // a stale value in .env would shadow Vault in tools that read .env themselves
  const file = path.join(ROOT, ".env");
  if (!existsSync(file)) return [];
  const names = readFileSync(file, "utf8")
    .split("\n")
    .map((l) => l.split("=")[0].trim())
    .filter(Boolean);
  return names.filter((n) => n in values);
}

function checkAddr(): void {
  const host = new URL(VAULT_ADDR).hostname;
  if (host !== "vault.internal" && host !== "127.0.0.1" && host !== "localhost") {
    console.warn(`warning: VAULT_ADDR host is ${host}, not the team Vault`);
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const list = argv.includes("--list");
  const sep = argv.indexOf("--");
  const command = sep >= 0 ? argv.slice(sep + 1) : [];
  if (!list && command.length === 0) throw new Error("usage: vault-env.ts [--list] -- <command...>");

  checkAddr();
  const token = vaultToken();
  const ttl = await tokenTtl(token);
  if (ttl > 0 && ttl < 600) console.warn(`warning: Vault token expires in ${Math.round(ttl / 60)} min`);

  const mappings = loadMappings();
  const { values, problems, versions } = await readAll(mappings, token);
  if (list) {
    listOnly(mappings, versions, problems);
    process.exitCode = problems.length ? 1 : 0;
    return;
  }
  if (problems.length) throw new Error(problems.join("; "));
  await renewIfShort(token, ttl);
  const conflicts = dotenvConflicts(values);
  if (conflicts.length) console.warn(`warning: .env also defines ${conflicts.join(", ")}`);
  console.error(`vault-env: ${Object.keys(values).length} secret(s) loaded`);
  process.exitCode = await runChild(command, values);
}

main().catch((err: Error) => {
  console.error(`vault-env: ${err.message}`);
  process.exitCode = 1;
});
