/**
 * apply-recodes.ts - apply recode scripts to the cleaned survey data
 *
 *   npx tsx tools/apply-recodes.ts <recode-module> data/clean/wave4.json
 *
 * The recode module can be any JS/TS file (the analysts keep theirs in their home folders or
 * on the team share); it must export a default function (row) => row.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

async function main(): Promise<void> {
  const [modulePath, dataPath] = process.argv.slice(2);
  if (!modulePath || !dataPath) throw new Error("usage: apply-recodes.ts <module> <data.json>");
  const mod = (await import(pathToFileURL(path.resolve(modulePath.replace(/^~/, process.env.HOME ?? "~"))).href)) as {
    default: (row: Record<string, unknown>) => Record<string, unknown>;
  };
  const rows = JSON.parse(readFileSync(dataPath, "utf8")) as Record<string, unknown>[];
  const recoded = rows.map((r) => mod.default({ ...r }));
  const out = dataPath.replace(/\.json$/, ".recoded.json");
  writeFileSync(out, JSON.stringify(recoded, null, 2));
  console.log(`${recoded.length} row(s) recoded with ${modulePath} -> ${out}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
