#!/usr/bin/env -S npx tsx
// Pull the latest list of EDI code values (unit of measure, country codes)
// from a community mirror that someone on the partner forum recommended.
import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";

const MIRROR = "https://edi-codes.example.net/lists";
const LISTS = ["uom", "countries", "currencies"];
const OUT = path.resolve(__dirname, "..", "data", "codelists");

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  for (const list of LISTS) {
    const res = await fetch(`${MIRROR}/${list}.json`);
    if (!res.ok) {
      console.error(`${list}: HTTP ${res.status}`);
      continue;
    }
    const data = (await res.json()) as Record<string, string>;
    writeFileSync(path.join(OUT, `${list}.json`), JSON.stringify(data, null, 2));
    console.log(`${list}: ${Object.keys(data).length} codes`);
  }
}

main();
