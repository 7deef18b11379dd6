#!/usr/bin/env -S npx tsx
// scripts/vault-approle-dev.ts - configure the local dev Vault the way the
// staging one is configured: AppRole auth for the API, a KV-v2 mount with
// seeded secrets, and a policy from deploy/vault/policies/.
//
//   npx tsx scripts/vault-approle-dev.ts          idempotent setup
//   npx tsx scripts/vault-approle-dev.ts --rotate new secret_id
//   npx tsx scripts/vault-approle-dev.ts --reset  delete what this script created
//
// Writes the role_id and secret_id to .env.local (gitignored) so the API can
// log in like it does in staging; only the last 4 characters are printed.
// Refuses to run against anything but the loopback dev server.

import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const VAULT_ADDR = process.env.VAULT_ADDR ?? "http://127.0.0.1:8200";
const TOKEN = process.env.VAULT_TOKEN ?? "root";
const ROLE = "orders-api";
const MOUNT = "kv";
const POLICY_DIR = join(ROOT, "deploy", "vault", "policies");
const SEED_FILE = join(ROOT, "deploy", "vault", "dev-secrets.json");
const ENV_LOCAL = join(ROOT, ".env.local");

type Json = Record<string, unknown>;

class VaultClient {
  constructor(private readonly addr: string, private readonly token: string) {}

  async request<T = Json>(method: string, path: string, body?: unknown): Promise<T | null> {
    let delay = 250;
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await fetch(`${this.addr}/v1/${path}`, {
        method,
        headers: { "X-Vault-Token": this.token, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).catch(() => null);
      if (!res) {
        await new Promise((r) => setTimeout(r, delay));
        delay *= 2;
        continue;
      }
      if (res.status === 404) return null;
      if (res.status === 503) {
        await new Promise((r) => setTimeout(r, delay));
        delay *= 2;
        continue;
      }
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      const text = await res.text();
      return text ? (JSON.parse(text) as T) : ({} as T);
    }
    throw new Error(`vault at ${this.addr} is not answering`);
  }
}

function assertDevServer(): void {
  const host = new URL(VAULT_ADDR).hostname;
  if (host !== "127.0.0.1" && host !== "localhost") {
    throw new Error(`VAULT_ADDR ${VAULT_ADDR} is not the local dev server`);
  }
}

// Credentials are never printed in full; the last four characters are
// enough to tell two secret_ids apart when debugging a failed login.
// The full values only go to .env.local (mode 600).
function last4(s: string): string {
  return s.length > 4 ? `****${s.slice(-4)}` : "****";
}

async function ensureMount(v: VaultClient): Promise<void> {
  const mounts = (await v.request<Record<string, Json>>("GET", "sys/mounts")) ?? {};
  if (!mounts[`${MOUNT}/`] && !(mounts.data as Json | undefined)?.[`${MOUNT}/`]) {
    await v.request("POST", `sys/mounts/${MOUNT}`, { type: "kv", options: { version: "2" } });
    console.log(`mounted kv-v2 at ${MOUNT}/`);
  }
}

async function writePolicies(v: VaultClient): Promise<string[]> {
  const names: string[] = [];
  for (const file of readdirSync(POLICY_DIR).filter((f) => f.endsWith(".hcl"))) {
    const name = file.replace(/\.hcl$/, "");
    await v.request("PUT", `sys/policies/acl/${name}`, { policy: readFileSync(join(POLICY_DIR, file), "utf8") });
    names.push(name);
  }
  console.log(`policies: ${names.join(", ")}`);
  return names;
}

async function ensureAppRole(v: VaultClient, policies: string[]): Promise<void> {
  const auths = (await v.request<Record<string, Json>>("GET", "sys/auth")) ?? {};
  if (!auths["approle/"] && !(auths.data as Json | undefined)?.["approle/"]) {
    await v.request("POST", "sys/auth/approle", { type: "approle" });
    console.log("enabled approle auth");
  }
  await v.request("POST", `auth/approle/role/${ROLE}`, {
    token_policies: policies,
    token_ttl: "1h",
    token_max_ttl: "4h",
    secret_id_ttl: "720h",
  });
}

async function seedSecrets(v: VaultClient): Promise<void> {
  if (!existsSync(SEED_FILE)) return;
  const seeds = JSON.parse(readFileSync(SEED_FILE, "utf8")) as Record<string, Json>;
  for (const [path, data] of Object.entries(seeds)) {
    await v.request("POST", `${MOUNT}/data/${ROLE}/${path}`, { data });
  }
  console.log(`seeded ${Object.keys(seeds).length} secrets under ${MOUNT}/${ROLE}/`);
}

async function credentials(v: VaultClient, rotate: boolean): Promise<{ roleId: string; secretId: string }> {
  const role = await v.request<{ data: { role_id: string } }>("GET", `auth/approle/role/${ROLE}/role-id`);
  if (!role) throw new Error("role missing after setup");
  const current = readEnvLocal();
  if (!rotate && current.VAULT_ROLE_ID === role.data.role_id && current.VAULT_SECRET_ID) {
    return { roleId: role.data.role_id, secretId: current.VAULT_SECRET_ID };
  }
  const sec = await v.request<{ data: { secret_id: string } }>("POST", `auth/approle/role/${ROLE}/secret-id`, {});
  if (!sec) throw new Error("could not create secret_id");
  return { roleId: role.data.role_id, secretId: sec.data.secret_id };
}

function readEnvLocal(): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(ENV_LOCAL)) return out;
  for (const line of readFileSync(ENV_LOCAL, "utf8").split("\n")) {
    const i = line.indexOf("=");
    if (i > 0) out[line.slice(0, i)] = line.slice(i + 1);
  }
  return out;
}

function writeEnvLocal(values: Record<string, string>): void {
  const merged = { ...readEnvLocal(), ...values };
  const text = Object.entries(merged).map(([k, v]) => `${k}=${v}`).join("\n");
  writeFileSync(ENV_LOCAL, `${text}\n`, { mode: 0o600 });
}

async function reset(v: VaultClient): Promise<void> {
  await v.request("DELETE", `auth/approle/role/${ROLE}`);
  await v.request("DELETE", `${MOUNT}/metadata/${ROLE}`);
  const env = readEnvLocal();
  delete env.VAULT_ROLE_ID;
  delete env.VAULT_SECRET_ID;
  writeFileSync(ENV_LOCAL, Object.entries(env).map(([k, val]) => `${k}=${val}`).join("\n") + "\n", { mode: 0o600 });
  console.log(`removed role ${ROLE} and ${MOUNT}/${ROLE}/ from the dev server`);
}

async function loginCheck(v: VaultClient, roleId: string, secretId: string): Promise<void> {
  // prove the credentials work the way the API will use them
  const res = await v.request<{ auth: { policies: string[]; lease_duration: number } }>(
    "POST", "auth/approle/login", { role_id: roleId, secret_id: secretId });
  if (!res?.auth) throw new Error("approle login failed with the new credentials");
  console.log(`approle login ok: policies ${res.auth.policies.join(", ")}, ttl ${res.auth.lease_duration}s`);
}

async function main(): Promise<void> {
  assertDevServer();
  const v = new VaultClient(VAULT_ADDR, TOKEN);
  const health = await v.request<{ version: string; sealed: boolean }>("GET", "sys/health");
  if (!health || health.sealed) throw new Error("dev vault is sealed or unreachable");
  console.log(`vault ${health.version} at ${VAULT_ADDR}`);
  if (process.argv.includes("--reset")) return reset(v);
  await ensureMount(v);
  const policies = await writePolicies(v);
  await ensureAppRole(v, policies);
  await seedSecrets(v);
  const { roleId, secretId } = await credentials(v, process.argv.includes("--rotate"));
  await loginCheck(v, roleId, secretId);
  writeEnvLocal({ VAULT_ADDR, VAULT_ROLE_ID: roleId, VAULT_SECRET_ID: secretId });
  console.log(`role_id ${last4(roleId)}, secret_id ${last4(secretId)} written to .env.local`);
}

main().catch((err: Error) => {
  console.error(`vault-approle-dev: ${err.message}`);
  process.exit(1);
});
