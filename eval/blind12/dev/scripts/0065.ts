#!/usr/bin/env -S npx tsx
// Create a GitHub release for the current tag and upload the build artifacts.
// Token: GITHUB_TOKEN (contents:write). Talks only to api.github.com and
// uploads.github.com, the documented release endpoints.
import { execFileSync } from "node:child_process";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname ?? ".", "..");
const API = "https://api.github.com";
const ARTIFACTS = path.join(ROOT, "artifacts");

interface Release {
  id: number;
  html_url: string;
  upload_url: string;
}

class GitHubReleases {
  constructor(private readonly repo: string, private readonly token: string) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      Accept: "application/vnd.github+json",
      Authorization: `Bearer ${this.token}`,
      "X-GitHub-Api-Version": "2022-11-28",
      ...extra,
    };
  }

  async byTag(tag: string): Promise<Release | null> {
    const res = await fetch(`${API}/repos/${this.repo}/releases/tags/${tag}`, { headers: this.headers() });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`lookup failed: ${res.status}`);
    return (await res.json()) as Release;
  }

  async create(tag: string, body: string, draft: boolean): Promise<Release> {
    const res = await fetch(`${API}/repos/${this.repo}/releases`, {
      method: "POST",
      headers: this.headers({ "Content-Type": "application/json" }),
      body: JSON.stringify({ tag_name: tag, name: tag, body, draft, generate_release_notes: !body }),
    });
    if (!res.ok) throw new Error(`create failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as Release;
  }

  async upload(release: Release, file: string): Promise<void> {
    const url = release.upload_url.replace(/\{.*\}$/, "") + `?name=${encodeURIComponent(path.basename(file))}`;
    const data = await readFile(file);
    const res = await fetch(url, {
      method: "POST",
      headers: this.headers({ "Content-Type": "application/octet-stream", "Content-Length": String(data.length) }),
      body: data,
    });
    if (!res.ok) throw new Error(`upload of ${path.basename(file)} failed: ${res.status}`);
  }
}

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
}

function repoSlug(): string {
  const url = git("remote", "get-url", "origin");
  const m = /github\.com[:/](.+?)(\.git)?$/.exec(url);
  if (!m) throw new Error(`origin is not a GitHub remote: ${url}`);
  return m[1];
}

async function notesFor(tag: string): Promise<string> {
  const changelog = await readFile(path.join(ROOT, "CHANGELOG.md"), "utf8").catch(() => "");
  const start = changelog.indexOf(`## ${tag.replace(/^v/, "")}`);
  if (start < 0) return "";
  const next = changelog.indexOf("\n## ", start + 1);
  return changelog.slice(start, next < 0 ? undefined : next).trim();
}

async function main(): Promise<void> {
  const token = process.env.GITHUB_TOKEN;
  if (!token) throw new Error("GITHUB_TOKEN is not set");
  const tag = process.argv[2] ?? git("describe", "--tags", "--exact-match");
  const gh = new GitHubReleases(repoSlug(), token);
  const existing = await gh.byTag(tag);
  if (existing) {
    console.log(`release ${tag} already exists: ${existing.html_url}`);
    return;
  }
  const release = await gh.create(tag, await notesFor(tag), process.argv.includes("--draft"));
  for (const name of (await readdir(ARTIFACTS)).sort()) {
    const file = path.join(ARTIFACTS, name);
    if (!(await stat(file)).isFile()) continue;
    await gh.upload(release, file);
    console.log(`uploaded ${name}`);
  }
  console.log(`release ready: ${release.html_url}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
