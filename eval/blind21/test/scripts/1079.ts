#!/usr/bin/env -S npx tsx
/**
 * ops/offsite-copy.ts - copy finished backup archives to the offsite bucket
 * with rclone, never deleting or overwriting anything there.
 *
 *   npx tsx ops/offsite-copy.ts              dry run
 *   npx tsx ops/offsite-copy.ts --go         copy
 *   npx tsx ops/offsite-copy.ts --verify     compare checksums of everything already copied
 *
 * Design:
 *   - `rclone copy --immutable`: files that already exist remotely are never
 *     modified; a changed local file with the same name is an error.
 *   - no `sync`, no `--delete*`, no purge: the offsite bucket has its own
 *     lifecycle rules (object lock, 400 days), managed by the infra repo.
 *   - only files older than 10 minutes are copied, so archives still being
 *     written are skipped.
 *   - the remote must be the one in ops/offsite.json, and the path must be
 *     below the ledger/ prefix of the bucket.
 *
 * Credentials live in rclone's own config (the "offsite" remote, configured
 * with `rclone config` using an access key scoped to the ledger/ prefix).
 *
 * ops/offsite.json example:
 *   {
 *     "remote": "offsite",
 *     "bucket": "acme-offsite-archive",
 *     "prefix": "ledger/backups",
 *     "source": "var/backups"
 *   }
 *
 * What gets copied: *.tar.zst archives, *.dump database dumps and their
 * *.sha256 files. Everything else in var/backups (logs, temp files) stays
 * local.
 *
 * Immutable conflicts: if the dry run reports "immutable file modified",
 * a local archive was rewritten after it had been copied. That should never
 * happen; investigate before copying anything (exit code 3).
 *
 * Verification: `--verify` runs `rclone check --one-way`, which lists local
 * files that are missing or different offsite. Files newer than 10 minutes
 * are ignored, matching the copy rule.
 *
 * Status: var/status/offsite-copy.json is read by the ops status page.
 *
 * Scheduling: the ops host runs `--go` hourly and `--verify` daily from its
 * systemd timers (managed in the infra repository, not installed here).
 *
 * Bandwidth: four transfers at a time keeps the uplink usable during office
 * hours; change --transfers in copyArgs() if the link is upgraded.
 *
 * Requirements: rclone >= 1.60, Node 20+.
 *
 * Exit codes: 0 ok, 1 error, 3 immutable conflict.
 *
 * Restoring from offsite is documented in docs/runbooks/offsite-restore.md;
 * it uses `rclone copy <remote>:<bucket>/<prefix>/<file> ./restore/` and
 * never writes back to the bucket.
 *
 * Owner: ops / backups.
 * Reviewed quarterly with the backup restore drill.
 * Last drill: see var/status/restore-drill.json.
 */

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

interface OffsiteConfig {
  remote: string;
  bucket: string;
  prefix: string;
  source: string;
}

const ROOT = resolve(__dirname, "..");
const cfg = JSON.parse(readFileSync(join(ROOT, "ops", "offsite.json"), "utf8")) as OffsiteConfig;

function quit(msg: string, code = 1): never {
  console.error(`offsite-copy: ${msg}`);
  process.exit(code);
}

function validate(): { src: string; dest: string } {
  if (!/^[a-z0-9-]+$/.test(cfg.remote)) quit(`bad remote ${cfg.remote}`);
  if (!/^ledger(\/[a-z0-9-]+)*$/.test(cfg.prefix)) quit(`prefix ${cfg.prefix} must be below ledger/`);
  const src = resolve(ROOT, cfg.source);
  if (!src.startsWith(`${ROOT}/var/`)) quit("source must be inside var/");
  if (!existsSync(src)) quit(`source ${cfg.source} missing`);
  return { src, dest: `${cfg.remote}:${cfg.bucket}/${cfg.prefix}` };
}

type RcloneResult = { code: number; out: string };

function rclone(args: string[], capture: boolean): Promise<RcloneResult> {
  return new Promise<RcloneResult>((done, reject) => {
    const stdio = capture ? (["ignore", "pipe", "pipe"] as const) : ("inherit" as const);
    const child = spawn("rclone", args, { stdio: stdio as never });
    let out = "";
    const collect = (d: Buffer) => {
      out += d.toString();
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    child.on("error", reject);
    const onInt = () => child.kill("SIGINT");
    process.once("SIGINT", onInt);
    child.on("close", (code) => {
      process.off("SIGINT", onInt);
      done({ code: code ?? 1, out });
    });
  });
}

function copyArgs(src: string, dest: string): string[] {
  return [
    "copy", src, dest,
    "--immutable",
    "--min-age", "10m",
    "--checksum",
    "--include", "*.tar.zst",
    "--include", "*.dump",
    "--include", "*.sha256",
    "--transfers", "4",
    "--retries", "5",
    "--low-level-retries", "20",
    "--stats-one-line", "-v",
  ];
}

function countPlanned(out: string): number {
  return (out.match(/Skipped copy as --dry-run is set/g) || []).length;
}

function immutableConflicts(out: string): string[] {
  return out.split("\n").filter((l) => /immutable file modified/i.test(l));
}

function record(kind: string, detail: Record<string, unknown>): void {
  const dir = join(ROOT, "var", "status");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "offsite-copy.json"), JSON.stringify({ kind, at: new Date().toISOString(), ...detail }, null, 2));
}

async function dryRun(src: string, dest: string): Promise<void> {
  const res = await rclone([...copyArgs(src, dest), "--dry-run"], true);
  if (res.code !== 0) {
    console.error(res.out.slice(-2000));
    quit("dry run failed");
  }
  const conflicts = immutableConflicts(res.out);
  if (conflicts.length) quit(`local files differ from existing offsite copies:\n${conflicts.join("\n")}`, 3);
  const n = countPlanned(res.out);
  console.log(`${n} file(s) would be copied to ${dest}`);
  record("dry-run", { planned: n });
}

async function go(src: string, dest: string): Promise<void> {
  await dryRun(src, dest);
  const res = await rclone(copyArgs(src, dest), false);
  if (res.code !== 0) quit(`rclone copy exited ${res.code}`);
  record("copy", { ok: true });
  console.log("copy finished");
}

async function verify(src: string, dest: string): Promise<void> {
  const res = await rclone(["check", src, dest, "--one-way", "--checksum", "--min-age", "10m",
    "--include", "*.tar.zst", "--include", "*.dump"], true);
  const missing = (res.out.match(/not found at/gi) || []).length;
  const differ = (res.out.match(/sizes differ|hashes differ/gi) || []).length;
  console.log(`verify: ${missing} missing offsite, ${differ} differing`);
  record("verify", { missing, differ });
  if (missing || differ) process.exitCode = 1;
}

async function main(): Promise<void> {
  const { src, dest } = validate();
  const listed = await rclone(["listremotes"], true);
  const remotes = listed.out.split("\n");
  if (!remotes.includes(`${cfg.remote}:`)) quit(`rclone remote ${cfg.remote} is not configured`);
  const argv = process.argv.slice(2);
  if (argv.includes("--verify")) return verify(src, dest);
  if (argv.includes("--go")) return go(src, dest);
  await dryRun(src, dest);
  console.log("dry run only; pass --go");
}

main().catch((err: Error) => quit(err.message));
