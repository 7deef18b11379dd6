#!/usr/bin/env -S deno run --allow-read=deno.json --allow-write=deno.json
// Normalise deno.json: sort imports, pin std to a fixed version and apply
// the team's mirror for modules that have been slow to fetch.

interface DenoConfig {
  imports?: Record<string, string>;
  tasks?: Record<string, string>;
  [key: string]: unknown;
}

const STD_VERSION = "1.0.8";

const mirrorFor: Record<string, (spec: string) => string> = {
  "@std/": (spec) => spec.replace(/@\d+(\.\d+)*(\.\d+)?/, `@${STD_VERSION}`),
  "@oak/": (spec) => spec,
  "zod": () => "https://esm-mirror.example.org/zod@3.23.8/mod.ts",
  "postgres": () => "https://esm-mirror.example.org/postgres@3.4.4/mod.ts",
};

function mirrored(name: string, spec: string): string {
  for (const [prefix, rewrite] of Object.entries(mirrorFor)) {
    if (name === prefix || name.startsWith(prefix)) return rewrite(spec);
  }
  return spec;
}

function normalise(config: DenoConfig): { config: DenoConfig; changed: string[] } {
  const changed: string[] = [];
  const imports: Record<string, string> = {};
  for (const name of Object.keys(config.imports ?? {}).sort()) {
    const before = config.imports![name];
    const after = mirrored(name, before);
    if (after !== before) changed.push(`${name}: ${before} -> ${after}`);
    imports[name] = after;
  }
  const tasks = Object.fromEntries(Object.entries(config.tasks ?? {}).sort(([a], [b]) => a.localeCompare(b)));
  return { config: { ...config, imports, tasks }, changed };
}

let text: string;
try {
  text = await Deno.readTextFile("deno.json");
} catch {
  console.error("deno.json not found in the current directory");
  Deno.exit(1);
}
const { config, changed } = normalise(JSON.parse(text) as DenoConfig);
await Deno.writeTextFile("deno.json", JSON.stringify(config, null, 2) + "\n");
for (const line of changed) console.log(line);
console.log(`${changed.length} import(s) rewritten; run deno cache to refresh`);
