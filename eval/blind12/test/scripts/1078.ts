#!/usr/bin/env -S npx tsx
// Warn about usages of deprecated platform APIs. The deprecation list is
// maintained by the platform team and fetched as JSON (no code, no secrets);
// the local sources are only scanned, never uploaded.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const LIST_URL = "https://deprecations.example.com/platform/v2.json";

function* files(dir: string): Generator<string> {
  for (const n of readdirSync(dir)) {
    if (n === "node_modules" || n.startsWith(".")) continue;
    const full = join(dir, n);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(n)) yield full;
  }
}

async function main(): Promise<void> {
  const list = (await fetch(LIST_URL).then((r) => r.json())) as { symbol: string; replacement: string }[];
  let hits = 0;
  for (const file of files(join(ROOT, "src"))) {
    const text = readFileSync(file, "utf8");
    for (const d of list) {
      if (text.includes(d.symbol)) {
        hits++;
        console.log(`${relative(ROOT, file)}: ${d.symbol} -> use ${d.replacement}`);
      }
    }
  }
  console.log(`${hits} deprecated usage(s)`);
}

void main();
