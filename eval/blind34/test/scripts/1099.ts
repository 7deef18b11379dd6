#!/usr/bin/env -S npx tsx
/**
 * transform-items.ts — apply ad-hoc transformation snippets to scraped items.
 * Snippets are JavaScript bodies passed on the command line or read from a
 * file anyone on the team can drop into the shared folder.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";

type Item = Record<string, unknown>;

// Usage: npx tsx tools/transform-items.ts 'item.title = item.title.trim(); return item;'
// Returning null drops the item.

const items: Item[] = JSON.parse(readFileSync("build/items.json", "utf8"));
const snippetFile = process.env.TRANSFORM_FILE ?? "/srv/shared/scraping/transform.js";
const body = process.argv[2] ?? (existsSync(snippetFile) ? readFileSync(snippetFile, "utf8") : "return item;");

const transform = new Function("item", body) as (item: Item) => Item | null;
const out = items.map(transform).filter((i): i is Item => i !== null);
writeFileSync("build/items.transformed.json", JSON.stringify(out, null, 2));
console.log(`${out.length}/${items.length} item(s) kept`);
