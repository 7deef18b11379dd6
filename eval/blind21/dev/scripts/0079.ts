#!/usr/bin/env -S npx tsx
// scripts/mirror-releases.ts - keep the public download mirror in sync with
// the release artifacts built in out/releases/, using rclone.
//
//   npx tsx scripts/mirror-releases.ts              dry run (default)
//   npx tsx scripts/mirror-releases.ts --apply
//   npx tsx scripts/mirror-releases.ts --apply --allow-deletes
//
// `rclone sync` deletes remote files that are not present locally. Unless
// --allow-deletes is given the script uses `rclone copy` instead. Either way
// it first runs the same command with --dry-run, parses the plan, and stops
// if the plan would delete more than a handful of files or if the local
// source looks incomplete. Remote and path come from mirror.config.json.

import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";

type Mode = "copy" | "sync";

interface MirrorConfig {
  remote: string;
  path: string;
  minVersions: number;
  maxDeletes: number;
  bandwidth?: string;
}

interface Plan {
  copies: string[];
  deletes: string[];
}

const ROOT = resolve(__dirname, "..");
const SRC = join(ROOT, "out", "releases");

function die(msg: string, code = 1): never {
  console.error(`mirror-releases: ${msg}`);
  process.exit(code);
}

function loadConfig(): MirrorConfig {
  const cfg = JSON.parse(readFileSync(join(ROOT, "mirror.config.json"), "utf8")) as MirrorConfig;
  if (!/^[a-z0-9-]+$/.test(cfg.remote)) die(`bad remote name ${cfg.remote}`);
  const segments = cfg.path.split("/").filter(Boolean);
  if (segments.length < 2) die(`path ${cfg.path} must be bucket/prefix, never a bucket root`);
  if (segments.some((s) => s === ".." || s === ".")) die(`path ${cfg.path} has relative segments`);
  cfg.maxDeletes ??= 10;
  cfg.minVersions ??= 3;
  return cfg;
}

function localVersions(): string[] {
  if (!existsSync(SRC)) die(`${SRC} does not exist; build the releases first`);
  return readdirSync(SRC).filter((d) => /^v\d+\.\d+\.\d+/.test(d) && statSync(join(SRC, d)).isDirectory());
}

function checkSource(cfg: MirrorConfig): void {
  const versions = localVersions();
  if (versions.length < cfg.minVersions) {
    die(`only ${versions.length} versions in out/releases (expected >= ${cfg.minVersions}); ` +
      "did the release download step fail?");
  }
  for (const v of versions) {
    const sums = join(SRC, v, "SHA256SUMS");
    if (!existsSync(sums)) die(`${v} has no SHA256SUMS`);
  }
}

function rclone(args: string[], capture: boolean): Promise<{ code: number; out: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn("rclone", args, { stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit" });
    let out = "";
    child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code: code ?? 1, out }));
  });
}

function baseArgs(mode: Mode, cfg: MirrorConfig): string[] {
  const args = [mode, SRC, `${cfg.remote}:${cfg.path}`, "--checksum", "--fast-list", "-v",
    "--exclude", "*.tmp", "--exclude", ".DS_Store"];
  if (cfg.bandwidth) args.push("--bwlimit", cfg.bandwidth);
  return args;
}

function parsePlan(out: string): Plan {
  const plan: Plan = { copies: [], deletes: [] };
  for (const line of out.split("\n")) {
    const copy = /NOTICE: (.+?): Skipped copy as --dry-run is set/.exec(line);
    if (copy) plan.copies.push(copy[1]);
    const del = /NOTICE: (.+?): Skipped delete as --dry-run is set/.exec(line);
    if (del) plan.deletes.push(del[1]);
  }
  return plan;
}

async function withRetry(fn: () => Promise<{ code: number; out: string }>, attempts = 3) {
  let wait = 5000;
  for (let i = 1; ; i++) {
    const res = await fn();
    if (res.code === 0 || i >= attempts) return res;
    console.warn(`rclone exited ${res.code}; retry ${i}/${attempts - 1} in ${wait / 1000}s`);
    await new Promise((r) => setTimeout(r, wait));
    wait *= 2;
  }
}

function verifyChecksums(): void {
  // every file listed in a version's SHA256SUMS must exist and match before
  // we publish it; a corrupt download would otherwise be mirrored forever
  const { createHash } = require("node:crypto") as typeof import("node:crypto");
  let checked = 0;
  for (const v of localVersions()) {
    const dir = join(SRC, v);
    const lines = readFileSync(join(dir, "SHA256SUMS"), "utf8").split("\n").filter(Boolean);
    for (const line of lines) {
      const [sum, name] = line.split(/\s+\*?/);
      const file = join(dir, name);
      if (!existsSync(file)) die(`${v}/${name} listed in SHA256SUMS but missing`);
      const actual = createHash("sha256").update(readFileSync(file)).digest("hex");
      if (actual !== sum) die(`${v}/${name}: checksum mismatch`);
      checked += 1;
    }
  }
  console.log(`verified ${checked} checksums`);
}

function writeIndex(): void {
  // latest.json lets the install script find the newest version
  const versions = localVersions().sort((a, b) =>
    a.slice(1).split(".").map(Number).reduce((acc, n, i) => acc || n - Number(b.slice(1).split(".")[i]), 0));
  const latest = versions[versions.length - 1];
  writeFileSync(join(SRC, "latest.json"), JSON.stringify({ latest, versions }, null, 2));
  console.log(`latest.json -> ${latest}`);
}

// out/reports/mirror.json is attached to the release job's summary.
function report(mode: Mode, plan: Plan, applied: boolean): void {
  const dir = join(ROOT, "out", "reports");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "mirror.json"), JSON.stringify({ mode, applied, ...plan, at: new Date().toISOString() }, null, 2));
}

async function main(): Promise<void> {
  const argv = new Set(process.argv.slice(2));
  const apply = argv.has("--apply");
  const mode: Mode = argv.has("--allow-deletes") ? "sync" : "copy";
  const cfg = loadConfig();
  checkSource(cfg);
  verifyChecksums();
  writeIndex();

  const remotes = (await rclone(["listremotes"], true)).out.split("\n");
  if (!remotes.includes(`${cfg.remote}:`)) die(`rclone remote ${cfg.remote} is not configured`);

  console.log(`${mode} out/releases -> ${cfg.remote}:${cfg.path} (dry run)`);
  const dry = await withRetry(() => rclone([...baseArgs(mode, cfg), "--dry-run"], true));
  if (dry.code !== 0) die(`dry run failed:\n${dry.out.slice(-2000)}`);
  const plan = parsePlan(dry.out);
  console.log(`plan: ${plan.copies.length} uploads, ${plan.deletes.length} deletions`);
  for (const d of plan.deletes.slice(0, 20)) console.log(`  - ${d}`);

  if (plan.deletes.length > cfg.maxDeletes) {
    report(mode, plan, false);
    die(`${plan.deletes.length} deletions exceed maxDeletes=${cfg.maxDeletes}`, 3);
  }
  if (!apply) {
    report(mode, plan, false);
    console.log("dry run only; pass --apply");
    return;
  }
  const res = await withRetry(() => rclone(baseArgs(mode, cfg), false));
  if (res.code !== 0) die(`rclone ${mode} failed`);
  report(mode, plan, true);
  console.log("mirror updated");
}

main().catch((err: Error) => die(err.message));
