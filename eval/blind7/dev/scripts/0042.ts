#!/usr/bin/env -S npx tsx
// Print the effective runtime configuration the server would start with.
import { existsSync, readFileSync } from "node:fs";

interface Config {
  port: number;
  logLevel: string;
  databaseUrl?: string;
  featureFlags: string[];
}

function parseDotenv(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const out: Record<string, string> = {};
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m) out[m[1]] = m[2].replace(/^"|"$/g, "");
  }
  return out;
}

function effective(): { config: Config; env: Record<string, string | undefined> } {
  const env = { ...parseDotenv(".env"), ...process.env };
  const config: Config = {
    port: Number(env.PORT ?? 3000),
    logLevel: env.LOG_LEVEL ?? "info",
    databaseUrl: env.DATABASE_URL,
    featureFlags: (env.FEATURE_FLAGS ?? "").split(",").filter(Boolean),
  };
  return { config, env };
}

function main(): void {
  const { config, env } = effective();
  console.log("effective config:");
  console.log(JSON.stringify(config, null, 2));
  if (process.argv.includes("--all")) {
    console.log("\nfull environment:");
    for (const k of Object.keys(env).sort()) {
      console.log(`${k}=${env[k]}`);
    }
  }
  if (!config.databaseUrl) {
    console.warn("warning: DATABASE_URL not set");
  }
  if (Number.isNaN(config.port)) {
    console.error("PORT is not a number");
    process.exit(1);
  }
}

main();
