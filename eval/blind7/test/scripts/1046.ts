#!/usr/bin/env -S npx tsx
// Generate mock API fixtures from the OpenAPI examples into fixtures/api/.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { parse } from "yaml";

type Operation = { responses?: Record<string, { content?: Record<string, { example?: unknown }> }> };
type Spec = { paths: Record<string, Record<string, Operation>> };

const SPEC = process.argv[2] ?? "openapi.yaml";
const OUT = resolve("fixtures", "api");

function fixturePath(method: string, route: string): string {
  const clean = route.replace(/\{([^}]+)\}/g, "_$1_").replace(/^\//, "");
  const p = resolve(OUT, method.toLowerCase(), `${clean || "index"}.json`);
  if (!p.startsWith(OUT + sep)) throw new Error(`bad route ${route}`);
  return p;
}

function exampleFor(op: Operation): unknown | undefined {
  for (const code of ["200", "201"]) {
    const content = op.responses?.[code]?.content;
    const json = content?.["application/json"];
    if (json?.example !== undefined) return json.example;
  }
  return undefined;
}

function main(): void {
  const spec = parse(readFileSync(SPEC, "utf8")) as Spec;
  let written = 0;
  let skipped = 0;
  for (const [route, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const ex = exampleFor(op);
      if (ex === undefined) {
        skipped++;
        continue;
      }
      const file = fixturePath(method, route);
      mkdirSync(join(file, ".."), { recursive: true });
      writeFileSync(file, JSON.stringify(ex, null, 2) + "\n");
      written++;
    }
  }
  console.log(`wrote ${written} fixtures to ${OUT} (${skipped} operations without examples)`);
}

main();
