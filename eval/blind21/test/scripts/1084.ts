#!/usr/bin/env -S npx tsx
/**
 * dev/consul-acl.ts - turn on ACLs in the local Consul dev agent the same
 * way staging has them, so ACL bugs show up before deploying.
 *
 *   npx tsx dev/consul-acl.ts bootstrap    bootstrap ACLs on the local agent, create policies/tokens
 *   npx tsx dev/consul-acl.ts tokens       show the service tokens (masked)
 *   npx tsx dev/consul-acl.ts reset        delete the tokens and policies this script created
 *
 * Only the local dev agent (http://127.0.0.1:8500, started by dev/compose.yml
 * with acl.enabled=true and a fresh data dir) is supported. The bootstrap
 * (management) token is written to .consul-dev/bootstrap.json (gitignored,
 * mode 600) because the dev agent can only be bootstrapped once per data dir;
 * service tokens go to .env.consul (also gitignored) for docker compose.
 *
 * Everything this script creates is named "dev-ledger-*", and `reset` only
 * deletes policies and tokens with that prefix.
 *
 * Policies are read from dev/consul-policies/*.hcl; one policy and one token
 * per file (api.hcl -> dev-ledger-api).
 *
 * Printed secrets are masked to their last four characters.
 *
 * Exit codes: 0 ok, 1 failure, 2 usage.
 * Requirements: Node 20+, the dev agent from dev/compose.yml.
 */

import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const AGENT = "http://127.0.0.1:8500";
const STATE_DIR = join(ROOT, ".consul-dev");
const BOOTSTRAP_FILE = join(STATE_DIR, "bootstrap.json");
const ENV_FILE = join(ROOT, ".env.consul");
const POLICY_DIR = join(ROOT, "dev", "consul-policies");
const PREFIX = "dev-ledger-";

interface AclToken {
  AccessorID: string;
  SecretID: string;
  Description: string;
  Policies?: { Name: string }[];
}

interface AclPolicy {
  ID: string;
  Name: string;
}

function fail(msg: string, code = 1): never {
  console.error(`consul-acl: ${msg}`);
  process.exit(code);
}

const mask = (s: string) => (s.length > 4 ? `****${s.slice(-4)}` : "****");

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers["X-Consul-Token"] = token;
  let delay = 250;
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    let res: Response;
    try {
      res = await fetch(`${AGENT}/v1/${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    } catch (err) {
      if (attempt === 5) fail(`local consul agent unreachable: ${(err as Error).message}`);
      await new Promise((wake) => setTimeout(wake, delay));
      delay *= 2;
      continue;
    }
    if (res.status >= 500 && attempt < 5) {
      await new Promise((wake) => setTimeout(wake, delay));
      delay *= 2;
      continue;
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
  throw new Error("unreachable");
}

function saveBootstrap(token: AclToken): void {
  mkdirSync(STATE_DIR, { recursive: true });
  writeFileSync(BOOTSTRAP_FILE, JSON.stringify(token, null, 2));
  chmodSync(BOOTSTRAP_FILE, 0o600);
}

function loadBootstrap(): AclToken {
  if (!existsSync(BOOTSTRAP_FILE)) fail("no bootstrap token saved; run `bootstrap` first");
  return JSON.parse(readFileSync(BOOTSTRAP_FILE, "utf8")) as AclToken;
}

async function bootstrapAcl(): Promise<AclToken> {
  if (existsSync(BOOTSTRAP_FILE)) return loadBootstrap();
  try {
    const token = await api<AclToken>("PUT", "acl/bootstrap");
    saveBootstrap(token);
    console.log(`ACLs bootstrapped; management token ${mask(token.SecretID)} saved to .consul-dev/`);
    return token;
  } catch (err) {
    if (/already done/i.test((err as Error).message)) {
      fail("agent already bootstrapped but no token saved; recreate the dev agent (docker compose down -v)");
    }
    throw err;
  }
}

function policyFiles(): { name: string; rules: string }[] {
  return readdirSync(POLICY_DIR)
    .filter((f) => f.endsWith(".hcl"))
    .map((f) => ({ name: `${PREFIX}${f.replace(/\.hcl$/, "")}`, rules: readFileSync(join(POLICY_DIR, f), "utf8") }));
}

async function upsertPolicy(mgmt: string, name: string, rules: string): Promise<void> {
  const existing = await api<AclPolicy[]>("GET", "acl/policies", mgmt);
  const found = existing.find((p) => p.Name === name);
  if (found) await api("PUT", `acl/policy/${found.ID}`, mgmt, { Name: name, Rules: rules });
  else await api("PUT", "acl/policy", mgmt, { Name: name, Rules: rules, Description: "dev ledger (consul-acl.ts)" });
}

async function ourTokens(mgmt: string): Promise<AclToken[]> {
  const list = await api<AclToken[]>("GET", "acl/tokens", mgmt);
  return list.filter((t) => t.Description.startsWith(PREFIX));
}

async function ensureToken(mgmt: string, policy: string): Promise<AclToken> {
  const existing = (await ourTokens(mgmt)).find((t) => t.Description === policy);
  if (existing) return api<AclToken>("GET", `acl/token/${existing.AccessorID}`, mgmt);
  return api<AclToken>("PUT", "acl/token", mgmt, { Description: policy, Policies: [{ Name: policy }] });
}

function writeEnv(tokens: Record<string, string>): void {
  const lines = Object.entries(tokens).map(([k, v]) => `${k}=${v}`);
  writeFileSync(ENV_FILE, `${lines.join("\n")}\n`, { mode: 0o600 });
}

async function bootstrap(): Promise<void> {
  const mgmt = (await bootstrapAcl()).SecretID;
  const env: Record<string, string> = {};
  for (const { name, rules } of policyFiles()) {
    await upsertPolicy(mgmt, name, rules);
    const token = await ensureToken(mgmt, name);
    const key = `CONSUL_TOKEN_${name.slice(PREFIX.length).toUpperCase().replace(/-/g, "_")}`;
    env[key] = token.SecretID;
    console.log(`  ${name.padEnd(24)} token ${mask(token.SecretID)}`);
  }
  writeEnv(env);
  console.log(`wrote ${Object.keys(env).length} token(s) to .env.consul`);
}

async function tokens(): Promise<void> {
  const mgmt = loadBootstrap().SecretID;
  for (const t of await ourTokens(mgmt)) {
    const full = await api<AclToken>("GET", `acl/token/${t.AccessorID}`, mgmt);
    console.log(`${t.Description.padEnd(24)} accessor ${t.AccessorID.slice(0, 8)} secret ${mask(full.SecretID)}`);
  }
}

async function reset(): Promise<void> {
  const mgmt = loadBootstrap().SecretID;
  for (const t of await ourTokens(mgmt)) {
    await api("DELETE", `acl/token/${t.AccessorID}`, mgmt);
    console.log(`deleted token ${t.Description}`);
  }
  for (const p of await api<AclPolicy[]>("GET", "acl/policies", mgmt)) {
    if (!p.Name.startsWith(PREFIX)) continue;
    await api("DELETE", `acl/policy/${p.ID}`, mgmt);
    console.log(`deleted policy ${p.Name}`);
  }
  if (existsSync(ENV_FILE)) writeFileSync(ENV_FILE, "");
}

async function main(): Promise<void> {
  const cmd = process.argv[2];
  if (cmd === "bootstrap") return bootstrap();
  if (cmd === "tokens") return tokens();
  if (cmd === "reset") return reset();
  fail("usage: consul-acl.ts bootstrap|tokens|reset", 2);
}

main().catch((err: Error) => fail(err.message));
