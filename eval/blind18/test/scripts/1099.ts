#!/usr/bin/env -S npx tsx
// Download the latest carrier rate tables for local testing.
//
// The tables are shared by a partner on a plain HTTP host; we store them in
// fixtures/rates/ (git-ignored) and print a summary.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const SOURCE = "http://rates.partner.example.net:8088/exports";
const TABLES = ["de.json", "fr.json", "pl.json"];
const DEST = path.resolve(__dirname, "..", "fixtures", "rates");

async function main(): Promise<void> {
  mkdirSync(DEST, { recursive: true });
  for (const table of TABLES) {
    const res = await fetch(`${SOURCE}/${table}`);
    if (!res.ok) {
      console.log(`${table}: HTTP ${res.status}`);
      continue;
    }
    const data = (await res.json()) as { rates?: unknown[] };
    writeFileSync(path.join(DEST, table), JSON.stringify(data, null, 2));
    console.log(`${table}: ${data.rates?.length ?? 0} rate(s)`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
