#!/usr/bin/env -S npx tsx
// scripts/purge-cdn.ts - purge Cloudflare cache for the files changed in the
// last deploy of the docs site. CF_API_TOKEN + CF_ZONE_ID; api.cloudflare.com only.
import { execFileSync } from "node:child_process";

const API = "https://api.cloudflare.com/client/v4";
const SITE_ORIGIN = "https://docs.orbit.example.com";
const BATCH = 30;

interface CfResponse<T> { success: boolean; errors: { code: number; message: string }[]; result: T }

function env(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
}

async function cf<T>(method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API}${route}`, {
    method,
    headers: { Authorization: `Bearer ${env("CF_API_TOKEN")}`, "Content-Type": "application/json" },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const data = (await res.json()) as CfResponse<T>;
  if (!data.success) {
    throw new Error(data.errors.map((e) => `${e.code}: ${e.message}`).join("; "));
  }
  return data.result;
}

function changedPaths(range: string): string[] {
  const out = execFileSync("git", ["diff", "--name-only", range, "--", "site/public"], { encoding: "utf8" });
  return out
    .split("\n")
    .filter(Boolean)
    .map((f) => f.replace(/^site\/public/, ""))
    .map((f) => (f.endsWith("/index.html") ? f.slice(0, -"index.html".length) : f));
}

function* batches<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

async function verifyZone(zoneId: string): Promise<string> {
  const zone = await cf<{ name: string; status: string }>("GET", `/zones/${zoneId}`);
  if (zone.status !== "active") throw new Error(`zone ${zone.name} is ${zone.status}`);
  return zone.name;
}

function assertOwnOrigin(url: string): void {
  // purge requests must only ever name URLs on our own docs origin
  if (!url.startsWith(`${SITE_ORIGIN}/`)) {
    throw new Error(`refusing to purge foreign URL ${url}`);
  }
}

async function main(): Promise<void> {
  const zoneId = env("CF_ZONE_ID");
  const range = process.argv[2] ?? "HEAD~1..HEAD";
  const zoneName = await verifyZone(zoneId);
  const paths = changedPaths(range);
  if (!paths.length) {
    console.log("no changed public files; nothing to purge");
    return;
  }
  console.log(`purging ${paths.length} URL(s) on ${zoneName}`);
  let n = 0;
  for (const chunk of batches(paths, BATCH)) {
    const files = chunk.map((p) => `${SITE_ORIGIN}${p}`);
    files.forEach(assertOwnOrigin);
    if (process.argv.includes("--dry-run")) {
      files.forEach((f) => console.log(`  would purge ${f}`));
      continue;
    }
    await cf("POST", `/zones/${zoneId}/purge_cache`, { files });
    n += files.length;
    console.log(`  purged ${n}/${paths.length}`);
  }
}

main().catch((err: Error) => {
  console.error(`purge failed: ${err.message}`);
  process.exit(1);
});
