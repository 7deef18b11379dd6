#!/usr/bin/env -S npx tsx
/**
 * rbd-fixture.ts — create, snapshot, clone and remove the RBD images that the
 * volume-driver integration tests use, all inside the `ci-scratch` pool and
 * all named `itest-<run>-*`.
 *
 *   npx tsx tools/rbd-fixture.ts setup --run 4711       # base image + golden snapshot + 3 clones
 *   npx tsx tools/rbd-fixture.ts list  --run 4711
 *   npx tsx tools/rbd-fixture.ts teardown --run 4711    # remove exactly what setup created
 *   npx tsx tools/rbd-fixture.ts gc --older-than 24h    # teardown for runs that crashed
 *
 * Every rbd command goes through `runRbd`, which refuses any image spec that
 * is not `ci-scratch/itest-<digits>-…`. Teardown unprotects/removes snapshots
 * of those images only, then removes the images (clones first). The cephx
 * user is client.ci-itest, whose caps are limited to the ci-scratch pool.
 */

import { execFile } from "node:child_process";
import { promisify } from "node:util";

const exec = promisify(execFile);

const POOL = "ci-scratch";
const CEPH_ID = process.env.CEPH_ID ?? "ci-itest";
const NAME_RE = /^itest-(\d+)-[a-z0-9-]+$/;
const CLONES = ["writer", "reader", "resizer"] as const;

type Cmd = "setup" | "list" | "teardown" | "gc";

interface ImageInfo {
  name: string;
  size: number;
  parent?: { pool: string; image: string; snapshot: string };
  create_timestamp?: string;
}

function spec(image: string, snap?: string): string {
  if (!NAME_RE.test(image)) throw new Error(`refusing to touch ${POOL}/${image}: not an itest image`);
  return snap ? `${POOL}/${image}@${snap}` : `${POOL}/${image}`;
}

async function runRbd(args: string[], json = false): Promise<string> {
  for (const a of args) {
    if (a.includes("/") && !a.startsWith(`${POOL}/itest-`)) throw new Error(`refusing rbd argument ${a}`);
  }
  const full = ["--id", CEPH_ID, ...args, ...(json ? ["--format", "json"] : [])];
  const { stdout } = await exec("rbd", full, { maxBuffer: 32 * 1024 * 1024 });
  return stdout;
}

function baseName(run: string): string {
  return `itest-${run}-base`;
}

async function imagesOfRun(run?: string): Promise<string[]> {
  const all = JSON.parse(await runRbd(["ls", POOL], true)) as string[];
  return all.filter((n) => NAME_RE.test(n) && (!run || n.startsWith(`itest-${run}-`)));
}

async function info(image: string): Promise<ImageInfo> {
  return JSON.parse(await runRbd(["info", spec(image)], true)) as ImageInfo;
}

async function setup(run: string): Promise<void> {
  const base = baseName(run);
  const existing = await imagesOfRun(run);
  if (existing.length) throw new Error(`run ${run} already has images: ${existing.join(", ")}`);
  await runRbd(["create", spec(base), "--size", "2G", "--image-feature", "layering,exclusive-lock,object-map,fast-diff"]);
  await runRbd(["snap", "create", spec(base, "golden")]);
  await runRbd(["snap", "protect", spec(base, "golden")]);
  for (const role of CLONES) {
    await runRbd(["clone", spec(base, "golden"), spec(`itest-${run}-${role}`)]);
  }
  console.log(`run ${run}: ${base}@golden with clones ${CLONES.join(", ")}`);
}

async function list(run: string): Promise<void> {
  for (const name of await imagesOfRun(run)) {
    const i = await info(name);
    const parent = i.parent ? ` <- ${i.parent.image}@${i.parent.snapshot}` : "";
    console.log(`${name.padEnd(36)} ${(i.size / 1024 ** 3).toFixed(1)} GiB${parent}`);
  }
}

async function removeImage(image: string): Promise<void> {
  const snaps = JSON.parse(await runRbd(["snap", "ls", spec(image)], true)) as { name: string; protected: string }[];
  for (const s of snaps) {
    if (s.protected === "true") await runRbd(["snap", "unprotect", spec(image, s.name)]);
    await runRbd(["snap", "rm", spec(image, s.name)]);
  }
  await runRbd(["rm", "--no-progress", spec(image)]);
}

async function teardown(run: string): Promise<number> {
  const names = await imagesOfRun(run);
  const infos = await Promise.all(names.map(info));
  // clones first, parents last, so protected snapshots can be removed
  const ordered = [...infos].sort((a, b) => Number(Boolean(b.parent)) - Number(Boolean(a.parent)));
  for (const i of ordered) {
    await removeImage(i.name);
    console.log(`removed ${POOL}/${i.name}`);
  }
  return ordered.length;
}

function parseAge(text: string): number {
  const m = /^(\d+)([hd])$/.exec(text);
  if (!m) throw new Error("--older-than must look like 24h or 3d");
  return Number(m[1]) * (m[2] === "h" ? 3_600_000 : 86_400_000);
}

async function gc(olderThan: number): Promise<void> {
  const runs = new Map<string, number>();
  for (const name of await imagesOfRun()) {
    const run = NAME_RE.exec(name)![1];
    const i = await info(name);
    const created = i.create_timestamp ? Date.parse(i.create_timestamp) : Date.now();
    runs.set(run, Math.min(runs.get(run) ?? Infinity, created));
  }
  let removed = 0;
  for (const [run, created] of runs) {
    if (Date.now() - created < olderThan) continue;
    console.log(`run ${run} is ${Math.round((Date.now() - created) / 3_600_000)} h old; tearing down`);
    removed += await teardown(run);
  }
  console.log(`gc: ${removed} image(s) removed from ${runs.size} run(s)`);
}

async function poolUsage(): Promise<void> {
  // how much the itest images use in total, to keep an eye on the scratch pool quota
  const out = await runRbd(["du", "--pool", POOL], true).catch(() => "");
  if (!out) return;
  const data = JSON.parse(out) as { images?: { name: string; used_size: number; snapshot?: string }[] };
  const ours = (data.images ?? []).filter((i) => NAME_RE.test(i.name) && !i.snapshot);
  const used = ours.reduce((n, i) => n + i.used_size, 0);
  console.log(`${ours.length} itest image(s) in ${POOL}, ${(used / 1024 ** 3).toFixed(2)} GiB used`);
}

async function verifyClones(run: string): Promise<string[]> {
  // each clone must point at base@golden; anything else means setup was interrupted
  const problems: string[] = [];
  for (const role of CLONES) {
    const name = `itest-${run}-${role}`;
    try {
      const i = await info(name);
      if (!i.parent || i.parent.image !== baseName(run) || i.parent.snapshot !== "golden") {
        problems.push(`${name} is not a clone of ${baseName(run)}@golden`);
      }
    } catch {
      problems.push(`${name} is missing`);
    }
  }
  return problems;
}

async function main(): Promise<void> {
  const [cmd, ...rest] = process.argv.slice(2) as [Cmd | undefined, ...string[]];
  const opt = (flag: string) => {
    const i = rest.indexOf(flag);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const run = opt("--run");
  if (cmd !== "gc" && (!run || !/^\d+$/.test(run))) throw new Error("--run <digits> is required");
  switch (cmd) {
    case "setup":
      return setup(run!);
    case "list": {
      await list(run!);
      for (const p of await verifyClones(run!)) console.log(`  problem: ${p}`);
      await poolUsage();
      return;
    }
    case "teardown":
      console.log(`${await teardown(run!)} image(s) removed`);
      return;
    case "gc":
      return gc(parseAge(opt("--older-than") ?? "24h"));
    default:
      throw new Error("usage: rbd-fixture.ts setup|list|teardown --run N | gc [--older-than 24h]");
  }
}

main().catch((err: Error) => {
  console.error(`rbd-fixture: ${err.message}`);
  process.exitCode = 1;
});
