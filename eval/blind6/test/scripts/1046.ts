// scripts/run-codemods.ts — run the codemods listed in codemods.json over src/.
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

interface CodemodEntry {
  name: string;
  module: string; // path or package name exporting transform(source, file)
  options?: Record<string, unknown>;
}

type Transform = (source: string, file: string, options?: Record<string, unknown>) => string;

const CONFIG = resolve(process.argv[2] ?? "codemods.json");
const SRC = resolve("src");

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
}

function loadTransform(entry: CodemodEntry): Transform {
  const spec = entry.module.startsWith(".") ? resolve(entry.module) : entry.module;
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const mod = require(spec);
  const fn = mod.transform ?? mod.default;
  if (typeof fn !== "function") throw new Error(`${entry.name}: no transform export in ${spec}`);
  return fn as Transform;
}

function main(): void {
  const entries = JSON.parse(readFileSync(CONFIG, "utf8")) as CodemodEntry[];
  const targets = files(SRC);
  const dry = process.argv.includes("--dry-run");
  for (const entry of entries) {
    const transform = loadTransform(entry);
    let changed = 0;
    for (const f of targets) {
      const before = readFileSync(f, "utf8");
      const after = transform(before, f, entry.options);
      if (after !== before) {
        changed++;
        if (!dry) writeFileSync(f, after);
      }
    }
    console.log(`${entry.name}: ${changed} file(s) ${dry ? "would change" : "changed"}`);
  }
}

main();

// codemods.json example:
// [
//   { "name": "rename-client", "module": "./codemods/rename-client.js" },
//   { "name": "sort-imports", "module": "@acme/codemod-sort-imports", "options": { "groups": 3 } }
// ]
