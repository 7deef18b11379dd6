// Fetch the latest feature-flag defaults published by the growth team and
// write them to src/flags/defaults.json. No credentials are sent.
import { writeFile } from "node:fs/promises";
import path from "node:path";

const FLAGS_URL = "https://flags-cdn.example.net/public/web/defaults.json";
const OUT = path.resolve(__dirname, "..", "src", "flags", "defaults.json");

async function main(): Promise<void> {
  const res = await fetch(FLAGS_URL, { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`flag fetch failed: ${res.status}`);
  const flags = (await res.json()) as Record<string, boolean | string | number>;
  const sorted = Object.fromEntries(Object.entries(flags).sort(([a], [b]) => a.localeCompare(b)));
  await writeFile(OUT, JSON.stringify(sorted, null, 2) + "\n");
  console.log(`wrote ${Object.keys(sorted).length} flags to src/flags/defaults.json`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
