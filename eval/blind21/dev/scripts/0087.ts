#!/usr/bin/env -S npx tsx
// scripts/release-npm.ts - publish changed workspace packages to the
// registry named in each package's publishConfig.
//
//   npx tsx scripts/release-npm.ts                  show what would be published
//   npx tsx scripts/release-npm.ts --publish        publish with provenance
//   npx tsx scripts/release-npm.ts --publish --tag next
//
// NPM_TOKEN comes from the environment and is written to a temporary
// userconfig (mode 600) in a temp dir that is deleted afterwards; the user's
// ~/.npmrc and the project's .npmrc are not modified. Only registries in
// ALLOWED_REGISTRIES are accepted.

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  publishConfig?: { registry?: string; access?: "public" | "restricted" };
}

interface Candidate {
  dir: string;
  manifest: Manifest;
  registry: string;
}

const ROOT = resolve(__dirname, "..");
const ALLOWED_REGISTRIES = new Set(["https://registry.npmjs.org/"]);
const argv = process.argv.slice(2);
const PUBLISH = argv.includes("--publish");
const TAG = argv.includes("--tag") ? argv[argv.indexOf("--tag") + 1] : "latest";

let tempDir: string | undefined;

function die(msg: string): never {
  console.error(`release-npm: ${msg}`);
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  process.exit(1);
}

// Workspace globs are of the form "packages/*"; nested globs are not used
// in this repository, so a one-level readdir is enough. Directories without
// a package.json (docs, fixtures) are skipped. The list is sorted so the
// publish order is stable between runs, which keeps the logs comparable.
// Dependencies between packages are resolved by npm at install time.
function workspaceDirs(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { workspaces?: string[] };
  const out: string[] = [];
  for (const pattern of pkg.workspaces ?? []) {
    const base = join(ROOT, pattern.replace(/\/\*$/, ""));
    if (!existsSync(base)) continue;
    for (const d of readdirSync(base)) {
      if (existsSync(join(base, d, "package.json"))) out.push(join(base, d));
    }
  }
  return out.sort();
}

function publishedVersions(name: string, registry: string): Set<string> {
  const res = spawnSync("npm", ["view", name, "versions", "--json", "--registry", registry], { encoding: "utf8" });
  if (res.status !== 0) {
    if (/E404/.test(res.stderr)) return new Set();
    die(`npm view ${name} failed: ${res.stderr.trim()}`);
  }
  const parsed = JSON.parse(res.stdout || "[]") as string[] | string;
  return new Set(Array.isArray(parsed) ? parsed : [parsed]);
}

function candidates(): Candidate[] {
  const out: Candidate[] = [];
  for (const dir of workspaceDirs()) {
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
    if (manifest.private) continue;
    const registry = manifest.publishConfig?.registry ?? "https://registry.npmjs.org/";
    if (!ALLOWED_REGISTRIES.has(registry)) die(`${manifest.name}: registry ${registry} is not allowed`);
    if (publishedVersions(manifest.name, registry).has(manifest.version)) continue;
    out.push({ dir, manifest, registry });
  }
  return out;
}

function checkGit(): void {
  const status = spawnSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8" }).stdout.trim();
  if (status) die("working tree is dirty; commit before publishing");
  const branch = spawnSync("git", ["rev-parse", "--abbrev-ref", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim();
  if (branch !== "main" && TAG === "latest") die(`publishing "latest" only from main (on ${branch})`);
}

function userconfig(registry: string): string {
  const token = process.env.NPM_TOKEN;
  if (!token) die("NPM_TOKEN is not set");
  tempDir = mkdtempSync(join(tmpdir(), "release-npm-"));
  const file = join(tempDir, "npmrc");
  const host = new URL(registry).host;
  writeFileSync(file, `//${host}/:_authToken=${token}\nregistry=${registry}\n`, { mode: 0o600 });
  console.log(`using token ...${token.slice(-4)} for ${host}`);
  return file;
}

function build(c: Candidate): void {
  const res = spawnSync("npm", ["run", "build", "--if-present"], { cwd: c.dir, stdio: "inherit" });
  if (res.status !== 0) die(`build failed for ${c.manifest.name}`);
  const pack = spawnSync("npm", ["pack", "--dry-run", "--json"], { cwd: c.dir, encoding: "utf8" });
  if (pack.status !== 0) die(`npm pack failed for ${c.manifest.name}`);
  const [info] = JSON.parse(pack.stdout) as Array<{ files: Array<{ path: string }>; size: number }>;
  const leaked = info.files.filter((f) => /(^|\/)\.env|\.pem$|id_rsa/.test(f.path));
  if (leaked.length) die(`${c.manifest.name} would publish ${leaked.map((f) => f.path).join(", ")}`);
  console.log(`  ${c.manifest.name}@${c.manifest.version}: ${info.files.length} files, ${(info.size / 1024).toFixed(0)} KiB`);
}

function publish(c: Candidate, config: string): void {
  const args = ["publish", "--userconfig", config, "--tag", TAG, "--access", c.manifest.publishConfig?.access ?? "public"];
  if (process.env.CI) args.push("--provenance");
  for (let attempt = 1; attempt <= 3; attempt++) {
    const res = spawnSync("npm", args, { cwd: c.dir, stdio: "inherit" });
    if (res.status === 0) {
      console.log(`published ${c.manifest.name}@${c.manifest.version} (${TAG})`);
      return;
    }
    spawnSync("sleep", [String(attempt * 10)]);
  }
  die(`publish failed for ${c.manifest.name}`);
}

function changelogEntry(c: Candidate): string | null {
  const file = join(c.dir, "CHANGELOG.md");
  if (!existsSync(file)) return null;
  const text = readFileSync(file, "utf8");
  const start = text.indexOf(`## ${c.manifest.version}`);
  if (start < 0) return null;
  const end = text.indexOf("\n## ", start + 3);
  return text.slice(start, end < 0 ? undefined : end).trim();
}

function requireChangelogs(list: Candidate[]): void {
  const missing = list.filter((c) => !changelogEntry(c)).map((c) => `${c.manifest.name}@${c.manifest.version}`);
  if (missing.length) die(`no CHANGELOG.md entry for: ${missing.join(", ")}`);
}

function tagReleases(list: Candidate[]): void {
  for (const c of list) {
    const tag = `${c.manifest.name.replace(/^@[^/]+\//, "")}@${c.manifest.version}`;
    const exists = spawnSync("git", ["rev-parse", "-q", "--verify", `refs/tags/${tag}`], { cwd: ROOT }).status === 0;
    if (exists) continue;
    spawnSync("git", ["tag", "-a", tag, "-m", changelogEntry(c) ?? tag], { cwd: ROOT, stdio: "inherit" });
    console.log(`tagged ${tag} (push tags with: git push --tags)`);
  }
}

function main(): void {
  const list = candidates();
  if (!list.length) {
    console.log("nothing to publish; every package version is already on its registry");
    return;
  }
  console.log(`${list.length} package(s) to publish with tag ${TAG}:`);
  for (const c of list) build(c);
  if (!PUBLISH) {
    console.log("dry run; pass --publish");
    return;
  }
  checkGit();
  requireChangelogs(list);
  const registries = new Set(list.map((c) => c.registry));
  if (registries.size !== 1) die("packages target different registries; publish them separately");
  const config = userconfig([...registries][0]);
  try {
    for (const c of list) publish(c, config);
    tagReleases(list);
  } finally {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

main();
