#!/usr/bin/env -S npx tsx
// scripts/release.ts - compute the next version from conventional commits,
// update package.json + CHANGELOG.md, tag, push, and publish a GitHub release.
//
//   npx tsx scripts/release.ts            # decide bump automatically
//   npx tsx scripts/release.ts --dry-run
//   npx tsx scripts/release.ts --as minor
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";

type Bump = "major" | "minor" | "patch" | null;

interface Commit {
  sha: string;
  type: string;
  scope?: string;
  subject: string;
  breaking: boolean;
}

interface Options {
  dryRun: boolean;
  forced: Exclude<Bump, null> | null;
  draft: boolean;
}

const ROOT = process.cwd();
const PKG_PATH = join(ROOT, "package.json");
const CHANGELOG_PATH = join(ROOT, "CHANGELOG.md");
const HEADER_RE = /^(?<type>\w+)(?:\((?<scope>[^)]+)\))?(?<bang>!)?: (?<subject>.+)$/;

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
}

function parseOptions(argv: string[]): Options {
  const opts: Options = { dryRun: false, forced: null, draft: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--dry-run") opts.dryRun = true;
    else if (a === "--publish") opts.draft = false;
    else if (a === "--as") {
      const v = argv[++i];
      if (v !== "major" && v !== "minor" && v !== "patch") throw new Error("--as major|minor|patch");
      opts.forced = v;
    } else throw new Error(`unknown option ${a}`);
  }
  return opts;
}

function lastTag(): string | null {
  try {
    return git("describe", "--tags", "--abbrev=0", "--match", "v*");
  } catch {
    return null;
  }
}

function commitsSince(tag: string | null): Commit[] {
  const range = tag ? `${tag}..HEAD` : "HEAD";
  const raw = git("log", range, "--no-merges", "--format=%H%x1f%s%x1f%b%x1e");
  const commits: Commit[] = [];
  for (const rec of raw.split("\x1e")) {
    const [sha, header, body = ""] = rec.trim().split("\x1f");
    if (!sha || !header) continue;
    const m = HEADER_RE.exec(header);
    if (!m?.groups) continue;
    commits.push({
      sha: sha.slice(0, 7),
      type: m.groups.type,
      scope: m.groups.scope,
      subject: m.groups.subject,
      breaking: Boolean(m.groups.bang) || /BREAKING CHANGE:/.test(body),
    });
  }
  return commits;
}

function decideBump(commits: Commit[]): Bump {
  if (commits.some((c) => c.breaking)) return "major";
  if (commits.some((c) => c.type === "feat")) return "minor";
  if (commits.some((c) => ["fix", "perf", "revert"].includes(c.type))) return "patch";
  return null;
}

function applyBump(version: string, bump: Exclude<Bump, null>): string {
  const [maj, min, pat] = version.split("-")[0].split(".").map(Number);
  if ([maj, min, pat].some(Number.isNaN)) throw new Error(`bad version ${version}`);
  if (bump === "major") return maj === 0 ? `0.${min + 1}.0` : `${maj + 1}.0.0`;
  if (bump === "minor") return `${maj}.${min + 1}.0`;
  return `${maj}.${min}.${pat + 1}`;
}

function changelogSection(version: string, commits: Commit[]): string {
  const groups: Record<string, Commit[]> = { "Breaking changes": [], Features: [], "Bug fixes": [], Performance: [] };
  for (const c of commits) {
    if (c.breaking) groups["Breaking changes"].push(c);
    else if (c.type === "feat") groups.Features.push(c);
    else if (c.type === "fix") groups["Bug fixes"].push(c);
    else if (c.type === "perf") groups.Performance.push(c);
  }
  const lines = [`## ${version} (${new Date().toISOString().slice(0, 10)})`, ""];
  for (const [title, list] of Object.entries(groups)) {
    if (!list.length) continue;
    lines.push(`### ${title}`, "");
    for (const c of list) lines.push(`- ${c.scope ? `**${c.scope}:** ` : ""}${c.subject} (${c.sha})`);
    lines.push("");
  }
  return lines.join("\n");
}

function writeFiles(version: string, section: string): void {
  const pkg = JSON.parse(readFileSync(PKG_PATH, "utf8")) as { version: string };
  pkg.version = version;
  writeFileSync(PKG_PATH, JSON.stringify(pkg, null, 2) + "\n");
  const existing = existsSync(CHANGELOG_PATH) ? readFileSync(CHANGELOG_PATH, "utf8") : "# Changelog\n";
  const [title, ...rest] = existing.split("\n");
  writeFileSync(CHANGELOG_PATH, [title, "", section, ...rest].join("\n"));
}

function slug(): string {
  const url = git("remote", "get-url", "origin");
  const m = /github\.com[:/](?<slug>[^/]+\/[^/]+?)(?:\.git)?$/.exec(url);
  if (!m?.groups) throw new Error(`cannot parse GitHub slug from ${url}`);
  return m.groups.slug;
}

async function publishRelease(tag: string, body: string, draft: boolean): Promise<string> {
  const token = process.env.GITHUB_TOKEN;
  if (!token) throw new Error("GITHUB_TOKEN is required");
  const res = await fetch(`https://api.github.com/repos/${slug()}/releases`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/vnd.github+json",
      "X-GitHub-Api-Version": "2022-11-28",
    },
    body: JSON.stringify({ tag_name: tag, name: tag, body, draft, generate_release_notes: false }),
  });
  if (!res.ok) throw new Error(`GitHub: ${res.status} ${await res.text()}`);
  const data = (await res.json()) as { html_url: string };
  return data.html_url;
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  if (git("status", "--porcelain")) throw new Error("working tree not clean");
  const tag = lastTag();
  const commits = commitsSince(tag);
  const bump = opts.forced ?? decideBump(commits);
  if (!bump) {
    console.log(`nothing releasable since ${tag ?? "the beginning"}`);
    return;
  }
  const current = (JSON.parse(readFileSync(PKG_PATH, "utf8")) as { version: string }).version;
  const next = applyBump(current, bump);
  const section = changelogSection(next, commits);
  console.log(`${current} -> ${next} (${bump}, ${commits.length} commits)\n\n${section}`);
  if (opts.dryRun) return;

  writeFiles(next, section);
  git("add", "package.json", "CHANGELOG.md");
  git("commit", "-m", `chore(release): v${next}`);
  git("tag", "-a", `v${next}`, "-m", `v${next}`);
  execFileSync("git", ["push", "origin", "HEAD", "--follow-tags"], { cwd: ROOT, stdio: "inherit" });
  const url = await publishRelease(`v${next}`, section, opts.draft);
  console.log(`published ${url}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
