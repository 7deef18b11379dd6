#!/usr/bin/env -S npx tsx
/**
 * List pull requests merged since the last release tag and label the ones
 * that are missing a changelog entry.  Uses GITHUB_TOKEN and GITHUB_REPOSITORY.
 */
import { execFileSync } from "node:child_process";

const API = "https://api.github.com";
const repo = process.env.GITHUB_REPOSITORY ?? "acme/api";
const token = process.env.GITHUB_TOKEN;
const dryRun = process.argv.includes("--dry-run");

interface PullRequest {
  number: number;
  title: string;
  merged_at: string | null;
  labels: { name: string }[];
  user: { login: string };
}

class GitHub {
  constructor(private readonly token: string) {}

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${API}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.token}`,
        Accept: "application/vnd.github+json",
        "Content-Type": "application/json",
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async *closedPulls(): AsyncGenerator<PullRequest> {
    for (let page = 1; page < 20; page++) {
      const batch = await this.request<PullRequest[]>(
        "GET",
        `/repos/${repo}/pulls?state=closed&sort=updated&direction=desc&per_page=50&page=${page}`,
      );
      if (!batch.length) return;
      yield* batch;
    }
  }

  async files(pr: number): Promise<string[]> {
    const files = await this.request<{ filename: string }[]>("GET", `/repos/${repo}/pulls/${pr}/files?per_page=100`);
    return files.map((f) => f.filename);
  }

  async addLabel(pr: number, label: string): Promise<void> {
    await this.request("POST", `/repos/${repo}/issues/${pr}/labels`, { labels: [label] });
  }
}

function lastTagDate(): Date {
  const tag = execFileSync("git", ["describe", "--tags", "--abbrev=0"], { encoding: "utf8" }).trim();
  const iso = execFileSync("git", ["log", "-1", "--format=%cI", tag], { encoding: "utf8" }).trim();
  return new Date(iso);
}

async function main(): Promise<void> {
  if (!token) throw new Error("GITHUB_TOKEN not set");
  const gh = new GitHub(token);
  const since = lastTagDate();
  const missing: PullRequest[] = [];

  for await (const pr of gh.closedPulls()) {
    if (!pr.merged_at) continue;
    if (new Date(pr.merged_at) < since) break;
    if (pr.labels.some((l) => l.name === "skip-changelog")) continue;
    const files = await gh.files(pr.number);
    if (!files.some((f) => f.startsWith("changelog.d/"))) missing.push(pr);
  }

  for (const pr of missing) {
    console.log(`#${pr.number} ${pr.title} (@${pr.user.login}) has no changelog entry`);
    if (!dryRun) await gh.addLabel(pr.number, "needs-changelog");
  }
  console.log(`${missing.length} PR(s) missing changelog entries since ${since.toISOString()}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
