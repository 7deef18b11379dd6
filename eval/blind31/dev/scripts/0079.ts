#!/usr/bin/env -S npx tsx
// whoami-mm.ts — check which Mattermost account the bot token belongs to.

import { readFileSync } from "node:fs";

const env: Record<string, string> = Object.fromEntries(
  readFileSync(".env", "utf8")
    .split("\n")
    .filter((l) => l.includes("="))
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1).trim()]),
);

const base = env.MM_URL ?? "http://localhost:8065";
const token = env.MM_BOT_TOKEN ?? "";

async function main(): Promise<void> {
  console.log(`MM_URL=${base}`);
  console.log(`MM_BOT_TOKEN=${token}`);
  console.log(`MM_ADMIN_PASSWORD=${env.MM_ADMIN_PASSWORD ?? "<unset>"}`);
  const res = await fetch(`${base}/api/v4/users/me`, { headers: { Authorization: `Bearer ${token}` } });
  const me = (await res.json()) as { username?: string; roles?: string };
  console.log(`token belongs to ${me.username ?? "?"} (${me.roles ?? "no roles"})`);
}

main().catch((e: Error) => console.error(e.message));
