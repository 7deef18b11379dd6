// scripts/print-db-creds.ts - show the database credentials the app will use.
//
// Reads DATABASE_URL from the environment or .env and prints the user and
// password so they can be pasted into a GUI client.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

function databaseUrl(): string {
  if (process.env.DATABASE_URL !== undefined) return process.env.DATABASE_URL;
  const env = path.join(ROOT, ".env");
  const m = existsSync(env) ? readFileSync(env, "utf8").match(/^DATABASE_URL=(.*)$/m) : null;
  if (!m) throw new Error("DATABASE_URL not set");
  return m[1].trim().replace(/^"|"$/g, "");
}

const url = new URL(databaseUrl());
console.log(`host:     ${url.hostname}:${url.port || 5432}`);
console.log(`database: ${url.pathname.slice(1)}`);
console.log(`user:     ${decodeURIComponent(url.username)}`);
console.log(`password: ${decodeURIComponent(url.password)}`);
console.log(`JWT_SECRET=${process.env.JWT_SECRET ?? "(unset)"}`);
