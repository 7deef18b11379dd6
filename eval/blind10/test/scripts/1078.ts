// Report anonymous usage of the internal component library (which
// components are imported how often) to the design-system team's collector.
// No source code or secrets are sent, only component names and counts.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

const COLLECTOR = "https://ds-usage.example.org/api/usage";
const SRC = path.resolve(__dirname, "..", "src");

async function* files(dir: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(full);
    else if (e.name.endsWith(".tsx")) yield full;
  }
}

async function main(): Promise<void> {
  const counts: Record<string, number> = {};
  for await (const f of files(SRC)) {
    const text = await readFile(f, "utf8");
    for (const m of text.matchAll(/import\s*\{([^}]+)\}\s*from\s*["']@acme\/ds["']/g)) {
      for (const name of m[1].split(",").map((s) => s.trim()).filter(Boolean)) {
        counts[name] = (counts[name] ?? 0) + 1;
      }
    }
  }
  await fetch(COLLECTOR, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(counts) });
  console.log(`reported ${Object.keys(counts).length} components`);
}

void main();
