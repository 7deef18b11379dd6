#!/usr/bin/env -S npx tsx
/**
 * ops/snapshots.ts - hard-linked rsync snapshots of var/documents.
 *
 *   npx tsx ops/snapshots.ts take          new snapshot in var/snapshots/<timestamp>/
 *   npx tsx ops/snapshots.ts list
 *   npx tsx ops/snapshots.ts rotate        apply the retention policy (dry run)
 *   npx tsx ops/snapshots.ts rotate --yes  apply it for real
 *   npx tsx ops/snapshots.ts restore <snapshot> <relative-path> <target-dir>
 *
 * Each snapshot is a full directory tree where unchanged files are hard
 * links into the previous snapshot (rsync --link-dest), so a snapshot costs
 * only the changed files. Rotation keeps the newest `keepLast`, one per day
 * for `keepDays` days and one per week for `keepWeeks` weeks; it only ever
 * deletes directories in var/snapshots/ whose name is a snapshot timestamp
 * created by this tool, and never the newest snapshot.
 *
 * Config: ops/snapshots.json
 *   { "source": "var/documents", "keepLast": 6, "keepDays": 14, "keepWeeks": 8 }
 *
 * `restore` copies out of a snapshot into an empty target directory; it
 * never writes into the live source.
 *
 * Why not restic/borg here: these snapshots are for "I deleted a document
 * five minutes ago" recoveries on the same disk; they are browsable with
 * plain `ls` and restore with `cp`. Real backups (offsite, encrypted) are
 * handled by ops/restic-nightly.sh.
 *
 * Disk usage: hard links mean the first snapshot costs a full copy and
 * later ones only the changed files; `du -sh var/snapshots` counts each
 * file once.
 *
 * Partial snapshots are written to a hidden ".<stamp>.partial" directory
 * and renamed on success, so an interrupted run never looks like a valid
 * snapshot and is cleaned up by the next rotate --yes.
 *
 * Requirements: rsync 3.1+, Node 20+.
 * Exit codes: 0 ok, 1 failure.
 */

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

interface Policy {
  source: string;
  keepLast: number;
  keepDays: number;
  keepWeeks: number;
}

const ROOT = resolve(__dirname, "..");
const SNAP_DIR = join(ROOT, "var", "snapshots");
const NAME_RE = /^\d{8}T\d{6}Z$/;

function abort(msg: string): never {
  console.error(`snapshots: ${msg}`);
  process.exit(1);
}

function policy(): Policy {
  const p = JSON.parse(readFileSync(join(ROOT, "ops", "snapshots.json"), "utf8")) as Policy;
  if (p.keepLast < 2) abort("keepLast must be at least 2");
  const src = resolve(ROOT, p.source);
  if (!src.startsWith(ROOT + "/")) abort("source must be inside the repository");
  if (!existsSync(src)) abort(`source ${p.source} does not exist`);
  return p;
}

function stamp(d = new Date()): string {
  return d.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
}

function parseStamp(name: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(name)!;
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
}

function snapshots(): string[] {
  if (!existsSync(SNAP_DIR)) return [];
  return readdirSync(SNAP_DIR)
    .filter((n) => NAME_RE.test(n) && statSync(join(SNAP_DIR, n)).isDirectory())
    .sort()
    .reverse();
}

function take(p: Policy): void {
  mkdirSync(SNAP_DIR, { recursive: true });
  const name = stamp();
  const partial = join(SNAP_DIR, `.${name}.partial`);
  const previous = snapshots()[0];
  const args = ["-a", "--delete", "--numeric-ids", "--stats"];
  if (previous) args.push(`--link-dest=${join(SNAP_DIR, previous)}`);
  args.push(`${resolve(ROOT, p.source)}/`, `${partial}/`);
  const res = spawnSync("rsync", args, { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
  if (res.status !== 0) {
    rmSync(partial, { recursive: true, force: true });
    abort(`rsync failed (${res.status})`);
  }
  renameSync(partial, join(SNAP_DIR, name));
  const transferred = /Total transferred file size: ([\d,]+)/.exec(res.stdout)?.[1] ?? "?";
  console.log(`snapshot ${name} (${transferred} bytes copied, rest hard-linked to ${previous ?? "nothing"})`);
}

function keepSet(names: string[], p: Policy): Set<string> {
  const keep = new Set(names.slice(0, p.keepLast));
  const days = new Set<string>();
  const weeks = new Set<string>();
  const now = Date.now();
  for (const n of names) {
    const d = parseStamp(n);
    const ageDays = (now - d.getTime()) / 86400000;
    const day = n.slice(0, 8);
    const week = `${d.getUTCFullYear()}-${Math.floor((d.getTime() / 86400000 + 4) / 7)}`;
    if (ageDays <= p.keepDays && !days.has(day)) {
      days.add(day);
      keep.add(n);
    }
    if (ageDays <= p.keepWeeks * 7 && !weeks.has(week)) {
      weeks.add(week);
      keep.add(n);
    }
  }
  if (names[0]) keep.add(names[0]);
  return keep;
}

function rotate(p: Policy, really: boolean): void {
  const names = snapshots();
  const keep = keepSet(names, p);
  const drop = names.filter((n) => !keep.has(n));
  for (const n of drop) {
    if (!NAME_RE.test(n)) continue;
    if (really) {
      rmSync(join(SNAP_DIR, n), { recursive: true, force: true });
      console.log(`removed ${n}`);
    } else {
      console.log(`would remove ${n}`);
    }
  }
  // leftovers of interrupted runs
  for (const n of existsSync(SNAP_DIR) ? readdirSync(SNAP_DIR) : []) {
    if (/^\.\d{8}T\d{6}Z\.partial$/.test(n) && really) rmSync(join(SNAP_DIR, n), { recursive: true, force: true });
  }
  console.log(`${keep.size} kept, ${drop.length} ${really ? "removed" : "to remove (pass --yes)"}`);
}

function restore(snapshot: string | undefined, rel: string | undefined, target: string | undefined): void {
  if (!snapshot || !NAME_RE.test(snapshot) || !rel || !target) abort("usage: restore <snapshot> <path> <target-dir>");
  const src = resolve(SNAP_DIR, snapshot, rel);
  if (!src.startsWith(join(SNAP_DIR, snapshot))) abort("path escapes the snapshot");
  if (!existsSync(src)) abort(`${rel} not in snapshot ${snapshot}`);
  const dest = resolve(target);
  if (existsSync(dest) && readdirSync(dest).length) abort(`${dest} is not empty`);
  if (dest.startsWith(resolve(ROOT, policy().source))) abort("restore target must not be inside the live source");
  mkdirSync(dest, { recursive: true });
  const res = spawnSync("rsync", ["-a", src, `${dest}/`], { stdio: "inherit" });
  if (res.status !== 0) abort("rsync restore failed");
  console.log(`restored ${rel} from ${snapshot} into ${relative(process.cwd(), dest) || dest}`);
}

function main(): void {
  const [cmd, ...rest] = process.argv.slice(2) as [string | undefined, ...string[]];
  const p = policy();
  switch (cmd) {
    case "take":
      return take(p);
    case "list":
      for (const n of snapshots()) console.log(`${n}  ${parseStamp(n).toISOString()}`);
      return;
    case "rotate":
      return rotate(p, rest.includes("--yes"));
    case "restore":
      return restore(rest[0], rest[1], rest[2]);
    default:
      abort("usage: snapshots.ts take | list | rotate [--yes] | restore <snap> <path> <dir>");
  }
}

main();
