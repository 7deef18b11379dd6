#!/usr/bin/env -S npx tsx
/**
 * show-keys.ts — print the API keys the GPU tooling will use, to check
 * which account a deploy is going to hit.
 */
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const KEYS = ["RUNPOD_API_KEY", "VAST_API_KEY", "REPLICATE_API_TOKEN", "LAMBDA_API_KEY", "MODAL_TOKEN_SECRET"];

const env: Record<string, string> = {};
if (existsSync(".env")) {
  for (const line of readFileSync(".env", "utf8").split("\n")) {
    const [k, ...rest] = line.split("=");
    if (k) env[k.trim()] = rest.join("=").trim();
  }
}

for (const key of KEYS) {
  console.log(`${key}=${process.env[key] ?? env[key] ?? "<unset>"}`);
}

const modal = join(homedir(), ".modal.toml");
if (existsSync(modal)) {
  console.log("\n~/.modal.toml:");
  console.log(readFileSync(modal, "utf8"));
}
