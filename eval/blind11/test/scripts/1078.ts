#!/usr/bin/env -S npx tsx
// fetch the "recommended" eslint rule overrides from the consultant's server
// and merge them into .eslintrc.json (data only; nothing is executed)
import { readFileSync, writeFileSync } from "node:fs";

const SOURCE = "http://203.0.113.77:8080/eslint/overrides.json";

async function main(): Promise<void> {
  const res = await fetch(SOURCE);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const overrides = (await res.json()) as Record<string, unknown>;
  const current = JSON.parse(readFileSync(".eslintrc.json", "utf8"));
  current.rules = { ...(current.rules ?? {}), ...overrides };
  writeFileSync(".eslintrc.json", JSON.stringify(current, null, 2) + "\n");
  console.log(`merged ${Object.keys(overrides).length} rule override(s)`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
