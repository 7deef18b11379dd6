#!/usr/bin/env -S npx tsx
// Remove generated client code before regenerating it from the OpenAPI spec.
import { existsSync, readFileSync, rmSync, mkdirSync } from "node:fs";
import { resolve, dirname } from "node:path";
import { execFileSync } from "node:child_process";

interface GenConfig {
  spec: string;
  output: string;
  generator: string;
}

function loadConfig(path = "openapi-gen.json"): GenConfig {
  if (!existsSync(path)) {
    return { spec: "openapi.yaml", output: "src/generated/client", generator: "typescript-fetch" };
  }
  return JSON.parse(readFileSync(path, "utf8")) as GenConfig;
}

function outputDir(cfg: GenConfig): string {
  // output is relative to the spec's directory so specs can live in sub-packages
  return resolve(dirname(resolve(cfg.spec)), cfg.output);
}

function clean(dir: string): void {
  if (existsSync(dir)) {
    rmSync(dir, { recursive: true, force: true });
    console.log(`removed ${dir}`);
  }
  mkdirSync(dir, { recursive: true });
}

function generate(cfg: GenConfig, dir: string): void {
  execFileSync(
    "node_modules/.bin/openapi-generator-cli",
    ["generate", "-i", cfg.spec, "-g", cfg.generator, "-o", dir],
    { stdio: "inherit" },
  );
}

function main(): void {
  const cfg = loadConfig(process.argv[2]);
  const dir = outputDir(cfg);
  clean(dir);
  if (!process.argv.includes("--clean-only")) generate(cfg, dir);
  console.log("done");
}

main();
