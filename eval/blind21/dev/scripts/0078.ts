#!/usr/bin/env -S npx tsx
// ops/backup.ts - restic backups of the media volume, driven by backup.toml.
//
//   npx tsx ops/backup.ts run            backup + forget/prune with retention
//   npx tsx ops/backup.ts run --dry-run
//   npx tsx ops/backup.ts snapshots
//   npx tsx ops/backup.ts restore <id> <target-dir>   (target must be empty)
//
// backup.toml names the repository and the retention policy. The password is
// read from the file named by RESTIC_PASSWORD_FILE (default: .secrets/restic)
// and passed to restic via the environment. Forget/prune only ever touches
// snapshots tagged with this project's tag.

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { parse as parseToml } from "smol-toml";

interface Retention {
  keep_last?: number;
  keep_daily?: number;
  keep_weekly?: number;
  keep_monthly?: number;
}

interface BackupConfig {
  repository: string;
  tag: string;
  paths: string[];
  exclude?: string[];
  retention: Retention;
  prune_every_days?: number;
}

const ROOT = resolve(__dirname, "..");
const STATE_DIR = join(ROOT, "var", "backup");

class BackupError extends Error {}

function loadConfig(): BackupConfig {
  const raw = parseToml(readFileSync(join(ROOT, "ops", "backup.toml"), "utf8")) as unknown as BackupConfig;
  if (!raw.repository || !raw.tag || !raw.paths?.length) throw new BackupError("backup.toml incomplete");
  if (!/^[a-z0-9-]{3,}$/.test(raw.tag)) throw new BackupError(`tag ${raw.tag} is not specific enough`);
  const keeps = Object.values(raw.retention ?? {}).reduce((a: number, b) => a + Number(b ?? 0), 0);
  if (keeps < 1) throw new BackupError("retention keeps nothing; refusing");
  return raw;
}

function resticEnv(cfg: BackupConfig): NodeJS.ProcessEnv {
  const pwFile = resolve(ROOT, process.env.RESTIC_PASSWORD_FILE ?? ".secrets/restic");
  if (!existsSync(pwFile)) throw new BackupError(`password file ${pwFile} missing`);
  const mode = statSync(pwFile).mode & 0o077;
  if (mode) throw new BackupError(`${pwFile} is readable by group/others; chmod 600 it`);
  return { ...process.env, RESTIC_REPOSITORY: cfg.repository, RESTIC_PASSWORD_FILE: pwFile };
}

function restic(args: string[], env: NodeJS.ProcessEnv, capture = false): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn("restic", args, { env, stdio: capture ? ["ignore", "pipe", "inherit"] : "inherit" });
    let out = "";
    child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
    const forward = () => child.kill("SIGINT");
    process.once("SIGINT", forward);
    child.on("error", reject);
    child.on("close", (code) => {
      process.off("SIGINT", forward);
      if (code === 0) resolvePromise(out);
      else reject(new BackupError(`restic ${args[0]} exited ${code}`));
    });
  });
}

async function withRetry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  let delay = 10_000;
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts) throw err;
      console.warn(`attempt ${i} failed (${(err as Error).message}); retrying in ${delay / 1000}s`);
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }
}

function retentionArgs(r: Retention): string[] {
  const map: Array<[keyof Retention, string]> = [
    ["keep_last", "--keep-last"],
    ["keep_daily", "--keep-daily"],
    ["keep_weekly", "--keep-weekly"],
    ["keep_monthly", "--keep-monthly"],
  ];
  return map.flatMap(([k, flag]) => (r[k] ? [flag, String(r[k])] : []));
}

function pruneDue(cfg: BackupConfig): boolean {
  const stamp = join(STATE_DIR, "last-prune");
  if (!existsSync(stamp)) return true;
  const days = (Date.now() - statSync(stamp).mtimeMs) / 86_400_000;
  return days >= (cfg.prune_every_days ?? 7);
}

async function run(cfg: BackupConfig, dryRun: boolean): Promise<void> {
  const env = resticEnv(cfg);
  mkdirSync(STATE_DIR, { recursive: true });
  const paths = cfg.paths.map((p) => resolve(ROOT, p));
  for (const p of paths) if (!existsSync(p)) throw new BackupError(`backup path ${p} does not exist`);
  const args = ["backup", "--tag", cfg.tag, "--host", hostname(), "--one-file-system", "--exclude-caches"];
  for (const ex of cfg.exclude ?? []) args.push("--exclude", ex);
  if (dryRun) args.push("--dry-run");
  await withRetry(() => restic([...args, ...paths], env));

  const forget = ["forget", "--tag", cfg.tag, "--host", hostname(), ...retentionArgs(cfg.retention)];
  if (dryRun) {
    await restic([...forget, "--dry-run"], env);
    return;
  }
  const prune = pruneDue(cfg);
  await restic(prune ? [...forget, "--prune"] : forget, env);
  if (prune) {
    const { writeFileSync } = await import("node:fs");
    writeFileSync(join(STATE_DIR, "last-prune"), new Date().toISOString());
  }
}

async function snapshots(cfg: BackupConfig): Promise<void> {
  const out = await restic(["snapshots", "--tag", cfg.tag, "--json"], resticEnv(cfg), true);
  const list = JSON.parse(out) as Array<{ short_id: string; time: string; hostname: string; paths: string[] }>;
  for (const s of list) console.log(`${s.short_id}  ${s.time.slice(0, 19)}  ${s.hostname.padEnd(16)} ${s.paths.join(" ")}`);
  console.log(`${list.length} snapshots tagged ${cfg.tag}`);
}

async function restore(cfg: BackupConfig, id: string | undefined, target: string | undefined): Promise<void> {
  if (!id || !/^[0-9a-f]{8,64}$/.test(id)) throw new BackupError("restore needs a snapshot id");
  if (!target) throw new BackupError("restore needs a target directory");
  const dir = resolve(target);
  if (existsSync(dir) && readdirSync(dir).length) throw new BackupError(`${dir} is not empty`);
  mkdirSync(dir, { recursive: true });
  await restic(["restore", id, "--target", dir, "--tag", cfg.tag, "--verify"], resticEnv(cfg));
  console.log(`restored ${id} into ${dir}`);
}

async function check(cfg: BackupConfig): Promise<void> {
  // read 1/10th of the pack data, rotating through the subsets by day of month
  const subset = (new Date().getDate() % 10) + 1;
  await restic(["check", `--read-data-subset=${subset}/10`], resticEnv(cfg));
  console.log(`repository check ok (subset ${subset}/10)`);
}

async function stats(cfg: BackupConfig): Promise<void> {
  const env = resticEnv(cfg);
  const out = await restic(["stats", "--mode", "raw-data", "--json", "--tag", cfg.tag], env, true);
  const s = JSON.parse(out) as { total_size: number; total_blob_count?: number };
  const gib = (s.total_size / 1024 ** 3).toFixed(2);
  console.log(`stored ${gib} GiB in ${s.total_blob_count ?? "?"} blobs for tag ${cfg.tag}`);
}

async function main(): Promise<void> {
  const [cmd, ...rest] = process.argv.slice(2);
  const cfg = loadConfig();
  switch (cmd) {
    case "check":
      return check(cfg);
    case "stats":
      return stats(cfg);
    case "run":
      return run(cfg, rest.includes("--dry-run"));
    case "snapshots":
      return snapshots(cfg);
    case "restore":
      return restore(cfg, rest[0], rest[1]);
    default:
      console.log("usage: backup.ts run [--dry-run] | snapshots | restore <id> <dir>");
      process.exitCode = 2;
  }
}

main().catch((err: Error) => {
  console.error(`backup: ${err.message}`);
  process.exit(1);
});
