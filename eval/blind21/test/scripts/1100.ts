#!/usr/bin/env -S npx tsx
// scripts/export-kv.ts - export the dev Consul KV tree to a YAML file for
// sharing with teammates; writes next to the user's other exports.

import { mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";

async function main(): Promise<void> {
  const res = await fetch("http://127.0.0.1:8500/v1/kv/app/dev/?recurse=true");
  const entries = (await res.json()) as Array<{ Key: string; Value: string | null }>;
  const tree: Record<string, string> = {};
  for (const e of entries) tree[e.Key] = e.Value ? Buffer.from(e.Value, "base64").toString("utf8") : "";
  const dir = join(homedir(), "Documents", "kv-exports");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `dev-kv-${new Date().toISOString().slice(0, 10)}.yaml`);
  writeFileSync(file, stringify(tree));
  writeFileSync(join(homedir(), ".ledger-last-kv-export"), file);
  console.log(`exported ${entries.length} key(s) to ${file}`);
}

main();
