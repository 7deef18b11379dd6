#!/usr/bin/env -S npx tsx
// infra/inventory/consul.ts - Ansible dynamic inventory built from the
// Consul catalog. Ansible calls it as:
//
//   ansible-playbook -i infra/inventory/consul.ts site.yml
//   infra/inventory/consul.ts --list
//   infra/inventory/consul.ts --host web-3
//
// Groups: one per Consul service ("svc_<name>"), one per datacenter
// ("dc_<dc>") and one per node meta "role". Only nodes whose meta `env`
// matches INVENTORY_ENV (default: staging) are included, so a typo cannot
// produce an inventory that spans production.
//
// CONSUL_HTTP_ADDR must be local or *.internal; CONSUL_HTTP_TOKEN (read
// only) is sent as X-Consul-Token to that address. Results are cached in
// .cache/inventory-<env>.json for 60 seconds.

import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

interface CatalogNode {
  Node: string;
  Address: string;
  Datacenter: string;
  Meta: Record<string, string>;
}

interface Inventory {
  _meta: { hostvars: Record<string, Record<string, unknown>> };
  [group: string]: { hosts?: string[]; children?: string[]; vars?: Record<string, unknown> } | Inventory["_meta"];
}

const ROOT = resolve(__dirname, "..", "..");
const ENV = process.env.INVENTORY_ENV ?? "staging";
const CACHE = join(ROOT, ".cache", `inventory-${ENV}.json`);
const CACHE_SECONDS = 60;

function addr(): string {
  const raw = process.env.CONSUL_HTTP_ADDR ?? "http://127.0.0.1:8500";
  const url = new URL(/^https?:\/\//.test(raw) ? raw : `http://${raw}`);
  const local = url.hostname === "127.0.0.1" || url.hostname === "localhost";
  if (!local && !url.hostname.endsWith(".internal")) {
    throw new Error(`CONSUL_HTTP_ADDR ${url.hostname} is not local or internal`);
  }
  return url.origin;
}

async function consul<T>(path: string): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (process.env.CONSUL_HTTP_TOKEN) headers["X-Consul-Token"] = process.env.CONSUL_HTTP_TOKEN;
  let delay = 200;
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${addr()}/v1/${path}`, { headers, signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
      return (await res.json()) as T;
    } catch (err) {
      if (attempt >= 4) throw err;
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }
}

function groupName(prefix: string, value: string): string {
  return `${prefix}_${value.toLowerCase().replace(/[^a-z0-9_]/g, "_")}`;
}

function addHost(inv: Inventory, group: string, host: string): void {
  const g = (inv[group] ??= { hosts: [] }) as { hosts: string[] };
  g.hosts ??= [];
  if (!g.hosts.includes(host)) g.hosts.push(host);
}

async function build(): Promise<Inventory> {
  const inv: Inventory = { _meta: { hostvars: {} } };
  const datacenters = await consul<string[]>("catalog/datacenters");
  for (const dc of datacenters) {
    const nodes = await consul<CatalogNode[]>(`catalog/nodes?dc=${encodeURIComponent(dc)}`);
    for (const n of nodes) {
      if ((n.Meta?.env ?? "") !== ENV) continue;
      inv._meta.hostvars[n.Node] = {
        ansible_host: n.Address,
        consul_dc: dc,
        node_meta: n.Meta,
      };
      addHost(inv, groupName("dc", dc), n.Node);
      if (n.Meta?.role) addHost(inv, groupName("role", n.Meta.role), n.Node);
    }
    const services = await consul<Record<string, string[]>>(`catalog/services?dc=${encodeURIComponent(dc)}`);
    for (const svc of Object.keys(services)) {
      if (svc === "consul") continue;
      const instances = await consul<Array<{ Node: string }>>(`catalog/service/${encodeURIComponent(svc)}?dc=${encodeURIComponent(dc)}`);
      for (const i of instances) {
        if (inv._meta.hostvars[i.Node]) addHost(inv, groupName("svc", svc), i.Node);
      }
    }
  }
  const groups = Object.keys(inv).filter((k) => k !== "_meta");
  inv.all = { children: groups, vars: { inventory_env: ENV } };
  return inv;
}

function readCache(): Inventory | null {
  if (!existsSync(CACHE)) return null;
  const age = (Date.now() - statSync(CACHE).mtimeMs) / 1000;
  if (age > CACHE_SECONDS) return null;
  try {
    return JSON.parse(readFileSync(CACHE, "utf8")) as Inventory;
  } catch {
    return null;
  }
}

function writeCache(inv: Inventory): void {
  mkdirSync(join(ROOT, ".cache"), { recursive: true });
  writeFileSync(CACHE, JSON.stringify(inv));
}

async function inventory(refresh: boolean): Promise<Inventory> {
  const cached = refresh ? null : readCache();
  if (cached) return cached;
  const inv = await build();
  writeCache(inv);
  return inv;
}

function summary(inv: Inventory): string {
  const hosts = Object.keys(inv._meta.hostvars).length;
  const groups = Object.keys(inv).filter((k) => k !== "_meta" && k !== "all");
  const largest = groups
    .map((g) => [g, ((inv[g] as { hosts?: string[] }).hosts ?? []).length] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([g, n]) => `${g}=${n}`)
    .join(", ");
  return `${ENV}: ${hosts} hosts in ${groups.length} groups (largest: ${largest || "none"})`;
}

function sanityCheck(inv: Inventory): void {
  // an env meta typo on many nodes at once usually means a bad Consul
  // config rollout; make it loud instead of silently returning nothing
  const hosts = Object.keys(inv._meta.hostvars).length;
  if (hosts === 0) console.error(`warning: no nodes with meta env=${ENV} in the catalog`);
  for (const [name, vars] of Object.entries(inv._meta.hostvars)) {
    if (!vars.ansible_host) console.error(`warning: ${name} has no address`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const refresh = args.includes("--refresh");
  if (args.includes("--summary")) {
    const inv = await inventory(refresh);
    sanityCheck(inv);
    console.log(summary(inv));
    return;
  }
  if (!["staging", "dev", "qa"].includes(ENV)) {
    throw new Error(`INVENTORY_ENV=${ENV} is not served by this inventory script`);
  }
  if (args.includes("--list")) {
    process.stdout.write(JSON.stringify(await inventory(refresh), null, 2));
    return;
  }
  const hostIdx = args.indexOf("--host");
  if (hostIdx >= 0) {
    const inv = await inventory(refresh);
    process.stdout.write(JSON.stringify(inv._meta.hostvars[args[hostIdx + 1]] ?? {}));
    return;
  }
  if (args.includes("--graph")) {
    const inv = await inventory(refresh);
    for (const [group, body] of Object.entries(inv)) {
      if (group === "_meta" || group === "all") continue;
      const hosts = (body as { hosts?: string[] }).hosts ?? [];
      console.log(`@${group} (${hosts.length})`);
      for (const h of hosts.sort()) console.log(`  ${h}`);
    }
    return;
  }
  console.error("usage: consul.ts --list | --host <name> | --graph [--refresh]");
  process.exitCode = 2;
}

main().catch((err: Error) => {
  console.error(`consul inventory: ${err.message}`);
  process.exit(1);
});
