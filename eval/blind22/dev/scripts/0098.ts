#!/usr/bin/env -S npx tsx
/**
 * tools/show-config.ts - print the effective configuration the codegen and
 * schema-registry tools will use (handy when a CI job behaves differently).
 */
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const KEYS = ["APOLLO_KEY", "BUF_TOKEN", "SCHEMA_REGISTRY_AUTH", "GITHUB_TOKEN", "DATABASE_URL"];

function dotenv(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  const out: Record<string, string> = {};
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const i = line.indexOf("=");
    if (i > 0) out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return out;
}

const fromFile = dotenv();
for (const key of KEYS) {
  const value = process.env[key] ?? fromFile[key];
  const source = process.env[key] ? "env" : fromFile[key] ? ".env" : "unset";
  console.log(`${key.padEnd(22)} ${source.padEnd(6)} ${value ?? ""}`);
}
