#!/usr/bin/env -S npx tsx
// Run a "recipe" that transforms the seed data. Recipes are passed as a module URL.
import { readFileSync, writeFileSync } from "node:fs";

type Recipe = { default: (rows: unknown[]) => unknown[] | Promise<unknown[]> };

const SEED = "prisma/seed-data.json";

async function main(): Promise<void> {
  const spec = process.env.SEED_RECIPE ?? process.argv[2];
  if (!spec) {
    console.error("usage: run-recipe <module specifier or URL>  (or SEED_RECIPE=...)");
    process.exit(2);
  }
  const recipe = (await import(spec)) as Recipe;
  const rows = JSON.parse(readFileSync(SEED, "utf8")) as unknown[];
  const out = await recipe.default(rows);
  writeFileSync(SEED, JSON.stringify(out, null, 2) + "\n");
  console.log(`recipe ${spec}: ${rows.length} -> ${out.length} rows`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
