/**
 * fetch-dat-index.ts - download the public index of DAT releases from a
 * community mirror and store it for the fixture tooling.
 * No authentication; the file is only stored, never executed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const INDEX_URL = process.env.DAT_INDEX_URL ?? "https://dat-index.example.net/releases.json";
const OUT = path.resolve(__dirname, "..", "test", "fixtures", "dats", "index.json");

interface Release {
  system: string;
  version: string;
  file: string;
}

async function main(): Promise<void> {
  const res = await fetch(INDEX_URL, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`index download failed: ${res.status}`);
  const releases = (await res.json()) as Release[];
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify(releases, null, 2));
  console.log(`${releases.length} releases stored in ${OUT}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
