#!/usr/bin/env -S npx tsx
// scripts/publish-artifacts.ts - upload build artifacts to Artifactory with
// the JFrog CLI, and clean up old snapshot builds of THIS project.
//
//   npx tsx scripts/publish-artifacts.ts upload            plan
//   npx tsx scripts/publish-artifacts.ts upload --apply
//   npx tsx scripts/publish-artifacts.ts cleanup           list snapshot builds older than N
//   npx tsx scripts/publish-artifacts.ts cleanup --apply   delete them
//
// Server URL, repository and the project's path prefix come from
// artifacts.json. The access token is JFROG_ACCESS_TOKEN from the
// environment, passed to `jf` through its env (JFROG_CLI_... variables are
// not used so the token never lands in jf's config file).

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

interface ArtifactsConfig {
  url: string;
  repository: string;
  prefix: string;
  keepSnapshots: number;
}

const ROOT = resolve(__dirname, "..");
const DIST = join(ROOT, "dist", "artifacts");

function die(msg: string): never {
  console.error(`publish-artifacts: ${msg}`);
  process.exit(1);
}

function config(): ArtifactsConfig {
  const cfg = JSON.parse(readFileSync(join(ROOT, "artifacts.json"), "utf8")) as ArtifactsConfig;
  const host = new URL(cfg.url).hostname;
  if (!host.endsWith(".internal")) die(`artifactory url ${cfg.url} is not the internal server`);
  if (!/^[a-z0-9-]+-(snapshot|release)-local$/.test(cfg.repository)) die(`unexpected repository ${cfg.repository}`);
  if (!/^com\/acme\/[a-z0-9-]+$/.test(cfg.prefix)) die(`prefix ${cfg.prefix} must be com/acme/<project>`);
  cfg.keepSnapshots ??= 10;
  return cfg;
}

function token(): string {
  const t = process.env.JFROG_ACCESS_TOKEN;
  if (!t) die("JFROG_ACCESS_TOKEN is not set");
  return t;
}

function jf(cfg: ArtifactsConfig, args: string[], tok: string): { status: number; stdout: string; stderr: string } {
  // a throwaway JFROG_CLI_HOME_DIR keeps jf from writing config into ~/.jfrog
  const home = mkdtempSync(join(tmpdir(), "jfhome-"));
  try {
    const res = spawnSync("jf", [...args, `--url=${cfg.url}`, `--access-token=${tok}`], {
      encoding: "utf8",
      env: { ...process.env, JFROG_CLI_HOME_DIR: home, CI: "true" },
      maxBuffer: 32 * 1024 * 1024,
    });
    if (res.error) die(`jf: ${res.error.message}`);
    return { status: res.status ?? 1, stdout: res.stdout, stderr: res.stderr };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

// The version of the artifacts is the package.json version; CI bumps it to
// a prerelease (1.2.3-ci.456) for snapshot builds before calling upload.
// Release builds are tagged and use the plain version.
// Both kinds share the same prefix so cleanup only needs to distinguish
// them by the "-" in the version directory name.
function version(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
  return pkg.version;
}

function localFiles(): string[] {
  if (!existsSync(DIST)) die("dist/artifacts does not exist; run the build");
  return readdirSync(DIST).filter((f) => statSync(join(DIST, f)).isFile());
}

// Checksums are printed in the plan so reviewers can compare with CI logs.
function sha256(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

function upload(cfg: ArtifactsConfig, apply: boolean): void {
  const v = version();
  const files = localFiles();
  const target = `${cfg.repository}/${cfg.prefix}/${v}/`;
  console.log(`${files.length} files -> ${target}`);
  for (const f of files) console.log(`  ${f}  sha256:${sha256(join(DIST, f)).slice(0, 16)}`);
  if (!apply) {
    console.log("plan only; pass --apply");
    return;
  }
  if (cfg.repository.endsWith("-release-local") && v.includes("-")) die("prerelease versions go to the snapshot repo");
  const tok = token();
  console.log(`token ...${tok.slice(-4)}`);
  const res = jf(cfg, ["rt", "upload", `${DIST}/*`, target, "--flat=true", "--retries=3",
    `--props=vcs.revision=${gitSha()};build.name=${cfg.prefix.split("/").pop()}`], tok);
  if (res.status !== 0) die(`upload failed:\n${res.stderr}`);
  console.log("uploaded");
}

function gitSha(): string {
  return spawnSync("git", ["rev-parse", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim();
}

interface SearchHit {
  path: string;
  created: string;
}

function oldSnapshots(cfg: ArtifactsConfig, tok: string): string[] {
  if (!cfg.repository.endsWith("-snapshot-local")) die("cleanup only runs against the snapshot repository");
  const res = jf(cfg, ["rt", "search", `${cfg.repository}/${cfg.prefix}/*`, "--include-dirs=true", "--recursive=false"], tok);
  if (res.status !== 0) die(`search failed:\n${res.stderr}`);
  const hits = (JSON.parse(res.stdout || "[]") as SearchHit[])
    .filter((h) => h.path.startsWith(`${cfg.repository}/${cfg.prefix}/`))
    .filter((h) => /\/\d+\.\d+\.\d+-[A-Za-z0-9.]+$/.test(h.path))
    .sort((a, b) => b.created.localeCompare(a.created));
  return hits.slice(cfg.keepSnapshots).map((h) => h.path);
}

function cleanup(cfg: ArtifactsConfig, apply: boolean): void {
  const tok = token();
  const stale = oldSnapshots(cfg, tok);
  if (!stale.length) {
    console.log(`nothing older than the newest ${cfg.keepSnapshots} snapshots`);
    return;
  }
  for (const p of stale) console.log(`  ${apply ? "deleting" : "would delete"} ${p}`);
  if (!apply) return;
  for (const p of stale) {
    // each path is a single version directory under our own prefix
    if (!p.startsWith(`${cfg.repository}/${cfg.prefix}/`) || p.split("/").length < 5) die(`refusing to delete ${p}`);
    const res = jf(cfg, ["rt", "delete", p, "--quiet=true"], tok);
    if (res.status !== 0) die(`delete failed for ${p}:\n${res.stderr}`);
  }
  console.log(`deleted ${stale.length} snapshot version(s)`);
}

function verifyRemote(cfg: ArtifactsConfig): void {
  // compare remote checksums of the current version with the local files
  const tok = token();
  const v = version();
  const res = jf(cfg, ["rt", "search", `${cfg.repository}/${cfg.prefix}/${v}/*`], tok);
  if (res.status !== 0) die(`search failed:\n${res.stderr}`);
  const remote = JSON.parse(res.stdout || "[]") as Array<{ path: string; sha256?: string }>;
  const byName = new Map(remote.map((r) => [r.path.split("/").pop() ?? "", r.sha256]));
  let bad = 0;
  for (const f of localFiles()) {
    const want = sha256(join(DIST, f));
    const have = byName.get(f);
    if (!have) {
      console.log(`  missing  ${f}`);
      bad += 1;
    } else if (have !== want) {
      console.log(`  MISMATCH ${f}`);
      bad += 1;
    } else {
      console.log(`  ok       ${f}`);
    }
  }
  if (bad) die(`${bad} artifact(s) differ from the local build`);
}

function main(): void {
  const [cmd, ...rest] = process.argv.slice(2);
  const apply = rest.includes("--apply");
  const cfg = config();
  if (cmd === "verify") verifyRemote(cfg);
  else if (cmd === "upload") upload(cfg, apply);
  else if (cmd === "cleanup") cleanup(cfg, apply);
  else die("usage: publish-artifacts.ts upload|cleanup [--apply]");
}

main();
