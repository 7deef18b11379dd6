#!/usr/bin/env -S npx tsx
/**
 * lakeFS branch-per-PR automation (used by the GitHub Actions workflow and
 * by developers), talking to the lakeFS REST API of the *dev* installation.
 *
 *   npx tsx tools/lakefs-pr.ts ensure 214        create pr-214 from main if missing
 *   npx tsx tools/lakefs-pr.ts diff 214          list changed objects vs main
 *   npx tsx tools/lakefs-pr.ts comment 214       post the diff summary on the GitHub PR
 *   npx tsx tools/lakefs-pr.ts cleanup 214 --yes delete pr-214 after merge/close
 *
 * Credentials: LAKEFS_ACCESS_KEY_ID / LAKEFS_SECRET_ACCESS_KEY (basic auth,
 * sent only to LAKEFS_ENDPOINT which must be localhost or *.internal) and
 * GITHUB_TOKEN for api.github.com. Only branches named pr-<n> can be deleted.
 */
import { readFileSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const REPO = process.env.LAKEFS_REPO ?? "ml-dev";
const ALLOWED_REPOS = new Set(["ml-dev", "ml-sandbox"]);
const GH_API = "https://api.github.com";
const PR_BRANCH = /^pr-\d+$/;

interface DiffEntry {
  path: string;
  type: "added" | "removed" | "changed" | "conflict" | "prefix_changed";
  size_bytes?: number;
}

interface Page<T> {
  results: T[];
  pagination: { has_more: boolean; next_offset: string };
}

function loadEnv(): void {
  const file = join(ROOT, ".env");
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)$/.exec(line);
    if (m && process.env[m[1]] === undefined) process.env[m[1]] = m[2].replace(/^"|"$/g, "");
  }
}

function endpoint(): string {
  const url = new URL(process.env.LAKEFS_ENDPOINT ?? "http://localhost:8000");
  if (!(url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname.endsWith(".internal"))) {
    throw new Error(`LAKEFS_ENDPOINT ${url.hostname} is not the dev installation`);
  }
  return `${url.origin}/api/v1`;
}

function authHeader(): string {
  const id = process.env.LAKEFS_ACCESS_KEY_ID;
  const secret = process.env.LAKEFS_SECRET_ACCESS_KEY;
  if (!id || !secret) throw new Error("LAKEFS_ACCESS_KEY_ID / LAKEFS_SECRET_ACCESS_KEY not set");
  return `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
}

async function lakefs<T>(method: string, route: string, body?: unknown, okStatus: number[] = []): Promise<T | null> {
  const res = await fetch(endpoint() + route, {
    method,
    headers: { authorization: authHeader(), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (okStatus.includes(res.status)) return null;
  const text = await res.text();
  if (!res.ok) throw new Error(`lakeFS ${method} ${route}: ${res.status} ${text.slice(0, 200)}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function branchExists(branch: string): Promise<boolean> {
  const res = await lakefs<{ id: string }>("GET", `/repositories/${REPO}/branches/${branch}`, undefined, [404]);
  return res !== null;
}

async function ensure(pr: number): Promise<void> {
  const branch = `pr-${pr}`;
  if (await branchExists(branch)) {
    console.log(`${branch} exists`);
    return;
  }
  await lakefs("POST", `/repositories/${REPO}/branches`, { name: branch, source: "main" });
  console.log(`created lakefs://${REPO}/${branch} from main`);
}

async function diff(pr: number): Promise<DiffEntry[]> {
  const out: DiffEntry[] = [];
  let after = "";
  for (;;) {
    const page = await lakefs<Page<DiffEntry>>(
      "GET",
      `/repositories/${REPO}/refs/main/diff/pr-${pr}?amount=1000&after=${encodeURIComponent(after)}`,
    );
    if (!page) break;
    out.push(...page.results);
    if (!page.pagination.has_more) break;
    after = page.pagination.next_offset;
  }
  return out;
}

function summarise(entries: DiffEntry[]): string {
  const byType = new Map<string, number>();
  let bytes = 0;
  for (const e of entries) {
    byType.set(e.type, (byType.get(e.type) ?? 0) + 1);
    bytes += e.size_bytes ?? 0;
  }
  const prefixes = new Map<string, number>();
  for (const e of entries) {
    const top = e.path.split("/").slice(0, 2).join("/");
    prefixes.set(top, (prefixes.get(top) ?? 0) + 1);
  }
  const lines = [
    `**lakeFS data changes** (\`lakefs://${REPO}/main\` → \`pr-…\`)`,
    "",
    [...byType.entries()].map(([t, n]) => `${n} ${t}`).join(", ") || "no changes",
    bytes ? `total size of changed objects: ${(bytes / 1048576).toFixed(1)} MiB` : "",
    "",
    "| prefix | objects |",
    "|---|---|",
    ...[...prefixes.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([p, n]) => `| \`${p}\` | ${n} |`),
  ];
  return lines.filter((l, i, arr) => l !== "" || arr[i - 1] !== "").join("\n");
}

async function comment(pr: number): Promise<void> {
  const token = process.env.GITHUB_TOKEN;
  const repo = process.env.GITHUB_REPOSITORY;
  if (!token || !repo) throw new Error("GITHUB_TOKEN and GITHUB_REPOSITORY are required for comment");
  const body = summarise(await diff(pr));
  const res = await fetch(`${GH_API}/repos/${repo}/issues/${pr}/comments`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      accept: "application/vnd.github+json",
      "x-github-api-version": "2022-11-28",
    },
    body: JSON.stringify({ body }),
  });
  if (!res.ok) throw new Error(`GitHub comment failed: ${res.status} ${await res.text()}`);
  console.log(`commented on ${repo}#${pr}`);
}

async function cleanup(pr: number, yes: boolean): Promise<void> {
  const branch = `pr-${pr}`;
  if (!PR_BRANCH.test(branch)) throw new Error(`refusing to delete ${branch}`);
  if (!(await branchExists(branch))) {
    console.log(`${branch} already gone`);
    return;
  }
  if (!yes) {
    console.log(`would delete lakefs://${REPO}/${branch}; pass --yes`);
    return;
  }
  await lakefs("DELETE", `/repositories/${REPO}/branches/${branch}`);
  console.log(`deleted lakefs://${REPO}/${branch}`);
}

async function main(): Promise<void> {
  loadEnv();
  if (!ALLOWED_REPOS.has(REPO)) throw new Error(`LAKEFS_REPO ${REPO} is not one of ${[...ALLOWED_REPOS].join(", ")}`);
  const [cmd, prArg, ...flags] = process.argv.slice(2);
  const pr = Number(prArg);
  if (!Number.isInteger(pr) || pr <= 0) throw new Error("usage: lakefs-pr.ts ensure|diff|comment|cleanup <pr-number>");
  switch (cmd) {
    case "ensure":
      return ensure(pr);
    case "diff": {
      const entries = await diff(pr);
      entries.slice(0, 200).forEach((e) => console.log(`${e.type.padEnd(8)} ${e.path}`));
      if (entries.length > 200) console.log(`… ${entries.length - 200} more`);
      return;
    }
    case "comment":
      return comment(pr);
    case "cleanup":
      return cleanup(pr, flags.includes("--yes"));
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

main().catch((err: Error) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 1;
});
