// tools/release-crate-set.ts - release a set of workspace packages together:
// bump versions in every packages/*/package.json that changed since its last
// tag, update internal dependency ranges, tag "<name>@<version>", push, and
// create one GitHub release per package with the commits that touched it.
//
//   npx tsx tools/release-crate-set.ts --bump patch
//   npx tsx tools/release-crate-set.ts --bump minor --only @acme/ledger-core
//   npx tsx tools/release-crate-set.ts --dry-run
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

type Bump = "patch" | "minor" | "major";

interface Pkg {
  name: string;
  version: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

interface Member {
  dir: string;
  file: string;
  pkg: Pkg;
  lastTag: string | null;
  commits: string[];
  next?: string;
}

const ROOT = process.cwd();
const PACKAGES_DIR = join(ROOT, "packages");
const NAME_RE = /^(@[a-z0-9-]+\/)?[a-z0-9-]+$/;

function git(...args: string[]): string {
  return execFileSync("git", args, { encoding: "utf8", cwd: ROOT }).trim();
}

function parseArgs(argv: string[]): { bump: Bump; only: string | null; dryRun: boolean; draft: boolean } {
  let bump: Bump = "patch";
  let only: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--bump") {
      const v = argv[++i];
      if (v !== "patch" && v !== "minor" && v !== "major") throw new Error("--bump patch|minor|major");
      bump = v;
    } else if (argv[i] === "--only") {
      only = argv[++i];
      if (!NAME_RE.test(only)) throw new Error("bad --only package name");
    }
  }
  return { bump, only, dryRun: argv.includes("--dry-run"), draft: !argv.includes("--publish") };
}

function tagFor(name: string, version: string): string {
  return `${name}@${version}`;
}

function lastTagOf(name: string): string | null {
  const tags = git("tag", "--list", `${name}@*`, "--sort=-v:refname");
  return tags ? tags.split("\n")[0] : null;
}

function members(): Member[] {
  if (!existsSync(PACKAGES_DIR)) return [];
  const out: Member[] = [];
  for (const d of readdirSync(PACKAGES_DIR)) {
    const file = join(PACKAGES_DIR, d, "package.json");
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, "utf8")) as Pkg;
    if (pkg.private) continue;
    const dir = join(PACKAGES_DIR, d);
    const lastTag = lastTagOf(pkg.name);
    const range = lastTag ? `${lastTag}..HEAD` : "HEAD";
    const log = git("log", range, "--no-merges", "--pretty=%h %s", "--", relative(ROOT, dir));
    out.push({ dir, file, pkg, lastTag, commits: log ? log.split("\n") : [] });
  }
  return out;
}

function bumpVersion(v: string, bump: Bump): string {
  const [a, b, c] = v.split(".").map((x) => parseInt(x, 10));
  if (bump === "major") return `${a + 1}.0.0`;
  if (bump === "minor") return `${a}.${b + 1}.0`;
  return `${a}.${b}.${c + 1}`;
}

function updateInternalRanges(all: Member[]): void {
  const next = new Map(all.filter((m) => m.next).map((m) => [m.pkg.name, m.next as string]));
  for (const m of all) {
    let touched = false;
    for (const section of ["dependencies", "devDependencies"] as const) {
      const deps = m.pkg[section];
      if (!deps) continue;
      for (const dep of Object.keys(deps)) {
        const v = next.get(dep);
        if (v && !deps[dep].startsWith("workspace:")) {
          deps[dep] = `^${v}`;
          touched = true;
        }
      }
    }
    if (m.next) m.pkg.version = m.next;
    if (m.next || touched) writeFileSync(m.file, JSON.stringify(m.pkg, null, 2) + "\n");
  }
}

function repoSlug(): string {
  const url = git("config", "--get", "remote.origin.url");
  const match = /github\.com[:/]([^/]+\/[^/.]+)(\.git)?$/.exec(url);
  if (!match) throw new Error(`origin is not GitHub: ${url}`);
  return match[1];
}

async function githubRelease(slug: string, m: Member, draft: boolean): Promise<string> {
  const token = process.env.GITHUB_TOKEN;
  if (!token) throw new Error("set GITHUB_TOKEN to publish releases");
  const body = m.commits.map((c) => `- ${c}`).join("\n") || "Dependency updates only.";
  const res = await fetch(`https://api.github.com/repos/${slug}/releases`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/vnd.github+json",
      "X-GitHub-Api-Version": "2022-11-28",
    },
    body: JSON.stringify({ tag_name: tagFor(m.pkg.name, m.next as string), name: `${m.pkg.name} ${m.next}`, body, draft }),
  });
  if (!res.ok) throw new Error(`release for ${m.pkg.name} failed: ${res.status} ${await res.text()}`);
  const created = (await res.json()) as { html_url: string };
  return created.html_url;
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  if (git("status", "--porcelain")) throw new Error("commit or stash local changes first");
  const all = members();
  const candidates = all.filter((m) => m.commits.length > 0 && (!opts.only || m.pkg.name === opts.only));
  if (!candidates.length) {
    console.log("no package changed since its last release");
    return;
  }
  for (const m of candidates) {
    m.next = bumpVersion(m.pkg.version, opts.bump);
    console.log(`${m.pkg.name.padEnd(30)} ${m.pkg.version} -> ${m.next}  (${m.commits.length} commit(s) since ${m.lastTag ?? "start"})`);
  }
  if (opts.dryRun) return;

  updateInternalRanges(all);
  execFileSync("npm", ["install", "--package-lock-only", "--ignore-scripts"], { cwd: ROOT, stdio: "inherit" });
  git("add", "package-lock.json", ...all.map((m) => relative(ROOT, m.file)));
  git("commit", "-m", `release: ${candidates.map((m) => tagFor(m.pkg.name, m.next as string)).join(", ")}`);
  for (const m of candidates) git("tag", "-a", tagFor(m.pkg.name, m.next as string), "-m", `${m.pkg.name} ${m.next}`);
  execFileSync("git", ["push", "--follow-tags", "origin", "HEAD"], { cwd: ROOT, stdio: "inherit" });

  const slug = repoSlug();
  for (const m of candidates) console.log(`released ${await githubRelease(slug, m, opts.draft)}`);
}

main().catch((e: Error) => {
  console.error(`release: ${e.message}`);
  process.exit(1);
});
