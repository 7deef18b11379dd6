#!/usr/bin/env -S npx tsx
// Apply a cleanup "recipe" to the MARC JSON export before loading it into Koha.
// Recipes are shared as small JS modules; pass a path or URL to one.
import { readFile, writeFile } from "node:fs/promises";

type Rec = Record<string, unknown>;

async function main(): Promise<number> {
  const [input, output, recipe = process.env.MARC_RECIPE] = process.argv.slice(2);
  if (!input || !output || !recipe) {
    console.error("usage: apply-recipe.ts in.json out.json <recipe path or URL>");
    return 2;
  }
  const mod = (await import(recipe)) as { default: (r: Rec) => Rec | null };
  const records = JSON.parse(await readFile(input, "utf8")) as Rec[];
  const out = records.map(mod.default).filter((r): r is Rec => r !== null);
  await writeFile(output, JSON.stringify(out, null, 1));
  console.error(`${records.length} in, ${out.length} out`);
  return 0;
}

main().then((c) => process.exit(c));
