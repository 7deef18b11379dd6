// Purge Cloudflare's CDN cache for the files changed in the last deploy.
// CF_API_TOKEN and CF_ZONE_ID come from the environment; the token is only
// sent to api.cloudflare.com. Paths are taken from `git diff` of public/.
import { execFileSync } from "node:child_process";

const CF_API = "https://api.cloudflare.com/client/v4";
const SITE_ORIGIN = process.env.SITE_ORIGIN ?? "https://www.example.com";
const BATCH = 30;

interface CfResponse {
  success: boolean;
  errors: { code: number; message: string }[];
  result?: { id: string };
}

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function changedPublicFiles(range: string): string[] {
  const out = execFileSync("git", ["diff", "--name-only", range, "--", "public/"], { encoding: "utf8" });
  return out
    .split("\n")
    .filter(Boolean)
    .map((f) => f.replace(/^public\//, "/"))
    .map((p) => (p.endsWith("/index.html") ? p.slice(0, -"index.html".length) : p));
}

function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function purge(zone: string, token: string, urls: string[]): Promise<void> {
  const res = await fetch(`${CF_API}/zones/${zone}/purge_cache`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ files: urls }),
  });
  const body = (await res.json()) as CfResponse;
  if (!res.ok || !body.success) {
    throw new Error(`purge failed: ${body.errors.map((e) => `${e.code} ${e.message}`).join("; ")}`);
  }
}

async function verifyToken(token: string): Promise<void> {
  const res = await fetch(`${CF_API}/user/tokens/verify`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as CfResponse;
  if (!body.success) throw new Error("Cloudflare token is not valid");
}

// Usage: tsx tools/purge-cdn.ts [git-range] [--list]
// Example: tsx tools/purge-cdn.ts v1.4.0..v1.5.0 --list
async function main(): Promise<void> {
  const range = process.argv[2] ?? "HEAD~1..HEAD";
  const token = env("CF_API_TOKEN");
  const zone = env("CF_ZONE_ID");
  await verifyToken(token);
  const paths = changedPublicFiles(range);
  if (paths.length === 0) {
    console.log(`no public/ changes in ${range}`);
    return;
  }
  const urls = paths.map((p) => new URL(p, SITE_ORIGIN).toString());
  const groups = batches(urls, BATCH);
  for (const [i, group] of groups.entries()) {
    await purge(zone, token, group);
    console.log(`purged batch ${i + 1}/${groups.length} (${group.length} urls)`);
  }
  console.log(`purged ${urls.length} url(s) for ${range}`);
  if (process.argv.includes("--list")) urls.forEach((u) => console.log(`  ${u}`));
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
