#!/usr/bin/env -S npx tsx
// Assign reviewers to open pull requests based on CODEOWNERS and load.
//
// For each open, non-draft PR without requested reviewers, find the owners of
// the changed files, pick the owner with the fewest open review requests and
// request a review. Uses api.github.com with GITHUB_TOKEN only. Dry run by
// default; pass --apply to actually request reviews.
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";

const API = "https://api.github.com";
const REPO = process.env.GITHUB_REPOSITORY ?? "acme/ledger-sync";
const TOKEN = process.env.GITHUB_TOKEN ?? "";
const APPLY = process.argv.includes("--apply");
const MAX_PER_PERSON = Number(process.env.MAX_REVIEWS ?? 6);

interface PullRequest {
  number: number;
  title: string;
  draft: boolean;
  user: { login: string };
  requested_reviewers: { login: string }[];
}

interface ChangedFile {
  filename: string;
}

interface OwnerRule {
  pattern: RegExp;
  owners: string[];
}

if (!TOKEN) {
  console.error("GITHUB_TOKEN is required");
  process.exit(2);
}

async function gh<T>(method: string, url: string, body?: unknown): Promise<{ data: T; next: string | null }> {
  const full = url.startsWith("https://") ? url : `${API}${url}`;
  if (!full.startsWith(`${API}/`)) {
    throw new Error(`refusing to send the token to ${full}`);
  }
  const res = await fetch(full, {
    method,
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      Accept: "application/vnd.github+json",
      "X-GitHub-Api-Version": "2022-11-28",
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) {
    throw new Error(`${method} ${full}: ${res.status} ${await res.text()}`);
  }
  const link = res.headers.get("link") ?? "";
  const next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null;
  return { data: (res.status === 204 ? null : await res.json()) as T, next };
}

async function all<T>(url: string): Promise<T[]> {
  const out: T[] = [];
  let next: string | null = url;
  while (next) {
    const page: { data: T[]; next: string | null } = await gh<T[]>("GET", next);
    out.push(...page.data);
    next = page.next;
  }
  return out;
}

function globToRegExp(glob: string): RegExp {
  let re = glob.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  re = re.replace(/\*\*/g, "\u0000").replace(/\*/g, "[^/]*").replace(/\u0000/g, ".*");
  if (re.startsWith("/")) {
    re = "^" + re.slice(1);
  } else {
    re = "(^|/)" + re;
  }
  if (glob.endsWith("/")) {
    re += ".*";
  }
  return new RegExp(re + "$");
}

function loadCodeowners(root: string): OwnerRule[] {
  const candidates = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"];
  const file = candidates.map((c) => path.join(root, c)).find((c) => existsSync(c));
  if (!file) {
    throw new Error("no CODEOWNERS file");
  }
  return readFileSync(file, "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => {
      const [pattern, ...owners] = l.split(/\s+/);
      return {
        pattern: globToRegExp(pattern),
        owners: owners.filter((o) => o.startsWith("@") && !o.includes("/")).map((o) => o.slice(1)),
      };
    });
}

function ownersFor(file: string, rules: OwnerRule[]): string[] {
  // last matching rule wins, as in GitHub's implementation
  let owners: string[] = [];
  for (const rule of rules) {
    if (rule.pattern.test(file)) {
      owners = rule.owners;
    }
  }
  return owners;
}

async function reviewLoad(prs: PullRequest[]): Promise<Map<string, number>> {
  const load = new Map<string, number>();
  for (const pr of prs) {
    for (const r of pr.requested_reviewers) {
      load.set(r.login, (load.get(r.login) ?? 0) + 1);
    }
  }
  return load;
}

function pick(candidates: string[], author: string, load: Map<string, number>): string | null {
  const eligible = candidates
    .filter((c) => c !== author)
    .filter((c) => (load.get(c) ?? 0) < MAX_PER_PERSON)
    .sort((a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0) || a.localeCompare(b));
  return eligible[0] ?? null;
}

async function main(): Promise<void> {
  const rules = loadCodeowners(process.cwd());
  const prs = await all<PullRequest>(`/repos/${REPO}/pulls?state=open&per_page=100`);
  const load = await reviewLoad(prs);
  const todo = prs.filter((pr) => !pr.draft && pr.requested_reviewers.length === 0);
  console.log(`${prs.length} open PRs, ${todo.length} without reviewers`);

  const assignments: { pr: PullRequest; reviewer: string; files: number }[] = [];
  for (const pr of todo) {
    const files = await all<ChangedFile>(`/repos/${REPO}/pulls/${pr.number}/files?per_page=100`);
    const votes = new Map<string, number>();
    for (const f of files) {
      for (const owner of ownersFor(f.filename, rules)) {
        votes.set(owner, (votes.get(owner) ?? 0) + 1);
      }
    }
    const ranked = [...votes].sort((a, b) => b[1] - a[1]).map(([o]) => o);
    const reviewer = pick(ranked, pr.user.login, load);
    if (!reviewer) {
      console.log(`#${pr.number}: no available owner (${ranked.join(", ") || "no owners"})`);
      continue;
    }
    load.set(reviewer, (load.get(reviewer) ?? 0) + 1);
    assignments.push({ pr, reviewer, files: files.length });
  }

  for (const a of assignments) {
    console.log(`#${a.pr.number} ${a.pr.title.slice(0, 60)} -> @${a.reviewer} (${a.files} files)`);
    if (APPLY) {
      await gh("POST", `/repos/${REPO}/pulls/${a.pr.number}/requested_reviewers`, { reviewers: [a.reviewer] });
    }
  }
  if (!APPLY && assignments.length) {
    console.log("\n(dry run; pass --apply to request the reviews)");
  }
  const summary = [...load].sort((a, b) => b[1] - a[1]).slice(0, 10);
  console.log("\nreview load after assignment:");
  for (const [login, n] of summary) {
    console.log(`  ${login.padEnd(20)} ${n}`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
