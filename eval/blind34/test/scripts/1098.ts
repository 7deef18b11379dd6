#!/usr/bin/env -S npx tsx
/**
 * print-lab-secrets.ts — show the lab integration credentials so they can be
 * copied into the new instrument PC's config by hand.
 */
import { existsSync, readFileSync } from "node:fs";

const WANTED = ["ELABFTW_KEY", "SENAITE_USER", "SENAITE_PASSWORD", "OPENC3_API_PASSWORD", "JANUS_ADMIN_SECRET", "TURN_SECRET"];

if (!existsSync(".env")) {
  console.error("run from the repository root (no .env here)");
  process.exit(1);
}

for (const line of readFileSync(".env", "utf8").split("\n")) {
  const [key, ...rest] = line.split("=");
  if (WANTED.includes(key.trim())) {
    console.log(`${key.trim()} = ${rest.join("=").trim()}`);
  }
}
console.log("\n(copy these into C:\\Lab\\integration.ini on the instrument PC)");
