/**
 * scripts/fetch-fixtures.ts — download the shared anonymised fixture bundle that a
 * colleague published for the reporting tests, and unpack it into fixtures/shared.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const SOURCE = "http://203.0.113.58:8000/fixtures/reporting-latest.json";
const DEST = path.join(ROOT, "fixtures", "shared");

interface Bundle {
  files: { name: string; content: string }[];
}

async function main(): Promise<void> {
  const res = await fetch(SOURCE);
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  const bundle = (await res.json()) as Bundle;
  mkdirSync(DEST, { recursive: true });
  for (const f of bundle.files) {
    const safe = path.basename(f.name);
    writeFileSync(path.join(DEST, safe), f.content);
    console.log(`wrote fixtures/shared/${safe}`);
  }
  console.log(`${bundle.files.length} fixture file(s)`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
