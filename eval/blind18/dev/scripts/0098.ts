#!/usr/bin/env -S npx tsx
// Debug why the release workflow cannot sign: show which signing inputs are set.
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";

const KEYS = ["COSIGN_KEY", "COSIGN_PASSWORD", "NUGET_API_KEY", "GEM_HOST_API_KEY", "CARGO_REGISTRY_TOKEN"];

function fromDotEnv(): Record<string, string> {
  const file = path.resolve(__dirname, "..", ".env.release");
  if (!existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const i = line.indexOf("=");
    if (i > 0) out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return out;
}

const values = { ...fromDotEnv(), ...process.env } as Record<string, string | undefined>;
for (const key of KEYS) {
  const v = values[key];
  console.log(`${key.padEnd(22)} ${v === undefined ? "(unset)" : v}`);
}
const keyPath = values.COSIGN_KEY;
if (keyPath && existsSync(keyPath)) {
  console.log("\n--- cosign key file ---");
  console.log(readFileSync(keyPath, "utf8"));
}
