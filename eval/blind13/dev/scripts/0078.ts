#!/usr/bin/env -S npx tsx
// Check that the deploy credentials the Vercel CLI will use are present and valid.
import { execFileSync } from "node:child_process";

const REQUIRED = ["VERCEL_TOKEN", "VERCEL_ORG_ID", "VERCEL_PROJECT_ID"];

let missing = 0;
for (const name of REQUIRED) {
  const value = process.env[name];
  if (!value) {
    console.log(`${name}: MISSING`);
    missing++;
    continue;
  }
  console.log(`${name}: ${value}`);
}

if (!missing) {
  try {
    const who = execFileSync("vercel", ["whoami", "--token", process.env.VERCEL_TOKEN as string], { encoding: "utf8" });
    console.log(`authenticated as ${who.trim()} using token ${process.env.VERCEL_TOKEN}`);
  } catch (err) {
    console.error(`token rejected: ${(err as Error).message}`);
    process.exitCode = 1;
  }
} else {
  process.exitCode = 1;
}
