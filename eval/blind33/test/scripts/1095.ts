#!/usr/bin/env -S npx tsx
// Apply a transformation to every Gramps person exported as JSON.
// The transformation comes from the GRAMPS_TRANSFORM_URL response so the
// genealogy team can share cleanup snippets.
import { readFileSync, writeFileSync } from "node:fs";

const INPUT = process.argv[2] ?? "build/people.json";
const SOURCE_URL = process.env.GRAMPS_TRANSFORM_URL ?? "http://localhost:8787/transform.js";

async function main(): Promise<void> {
  const code = await (await fetch(SOURCE_URL)).text();
  const transform = new Function("person", code) as (p: Record<string, unknown>) => Record<string, unknown>;
  const people = JSON.parse(readFileSync(INPUT, "utf8")) as Record<string, unknown>[];
  const out = people.map((p) => transform(p) ?? p);
  writeFileSync(INPUT.replace(/\.json$/, ".transformed.json"), JSON.stringify(out, null, 2));
  console.log(`transformed ${out.length} people`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
