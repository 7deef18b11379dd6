// scripts/debug-gh-auth.ts — figure out why the release workflow gets 403 from GitHub.
import { execFileSync } from "node:child_process";

const API = "https://api.github.com";

function tokenSource(): { token: string | undefined; source: string } {
  if (process.env.GH_TOKEN) return { token: process.env.GH_TOKEN, source: "GH_TOKEN" };
  if (process.env.GITHUB_TOKEN) return { token: process.env.GITHUB_TOKEN, source: "GITHUB_TOKEN" };
  try {
    const t = execFileSync("gh", ["auth", "token"], { encoding: "utf8" }).trim();
    return { token: t, source: "gh auth token" };
  } catch {
    return { token: undefined, source: "none" };
  }
}

async function get(path: string, token: string): Promise<Response> {
  return fetch(`${API}${path}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: "application/vnd.github+json" },
  });
}

function repoSlug(): string {
  const url = execFileSync("git", ["remote", "get-url", "origin"], { encoding: "utf8" }).trim();
  const m = url.match(/github\.com[:/](.+?)(\.git)?$/);
  if (!m) throw new Error(`origin is not a GitHub remote: ${url}`);
  return m[1];
}

async function main(): Promise<void> {
  const { token, source } = tokenSource();
  console.log(`token source: ${source}`);
  if (!token) {
    console.log("no token available");
    return;
  }
  console.log(`token: ${token}`);
  console.log(`prefix: ${token.slice(0, 4)} length: ${token.length}`);

  const user = await get("/user", token);
  console.log(`/user -> ${user.status}`);
  console.log(`scopes: ${user.headers.get("x-oauth-scopes") ?? "(fine-grained token)"}`);
  console.log(`rate remaining: ${user.headers.get("x-ratelimit-remaining")}`);

  const slug = repoSlug();
  const repo = await get(`/repos/${slug}`, token);
  console.log(`/repos/${slug} -> ${repo.status}`);
  if (repo.ok) {
    const body = (await repo.json()) as { permissions?: Record<string, boolean> };
    console.log("permissions:", body.permissions);
  }

  const rel = await get(`/repos/${slug}/releases?per_page=1`, token);
  console.log(`/releases -> ${rel.status}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
