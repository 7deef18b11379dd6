#!/usr/bin/env -S npx tsx
/**
 * tools/etcd-maint.ts
 *
 * Maintenance for the three-member etcd cluster in docker-compose.etcd.yml
 * that the ledger leader-election tests run against:
 *
 *   etcd-maint.ts health           member list, leader, db size per member
 *   etcd-maint.ts defrag           defragment members one at a time (followers first)
 *   etcd-maint.ts compact          compact history up to the current revision
 *   etcd-maint.ts snapshot         save a snapshot to var/etcd/ via the leader
 *   etcd-maint.ts alarm            list / disarm NOSPACE alarms after a defrag
 *
 * Endpoints are the three published ports on 127.0.0.1; anything else is
 * refused. None of these commands delete keys: compaction only drops old
 * revisions of keys, which is what the tests' quota setting expects.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..");
const ENDPOINTS = (process.env.ETCD_ENDPOINTS ?? "127.0.0.1:23791,127.0.0.1:23792,127.0.0.1:23793").split(",");
const SNAP_DIR = path.join(REPO, "var", "etcd");

interface Status {
  Endpoint: string;
  Status: {
    header: { member_id: number; revision: number };
    leader: number;
    dbSize: number;
    dbSizeInUse?: number;
    version: string;
  };
}

function assertLocal(): void {
  for (const ep of ENDPOINTS) {
    const host = ep.replace(/^https?:\/\//, "").split(":")[0];
    if (host !== "127.0.0.1" && host !== "localhost") throw new Error(`endpoint ${ep} is not local`);
  }
}

function etcdctl(args: string[], endpoints: string[] = ENDPOINTS): string {
  return execFileSync("etcdctl", [`--endpoints=${endpoints.join(",")}`, "--command-timeout=30s", ...args], {
    encoding: "utf8",
    env: { ...process.env, ETCDCTL_API: "3" },
  }).trim();
}

function statuses(): Status[] {
  return JSON.parse(etcdctl(["endpoint", "status", "-w", "json"])) as Status[];
}

const mib = (n: number) => `${(n / 1048576).toFixed(1)} MiB`;

function health(): void {
  const list = statuses();
  for (const s of list) {
    const isLeader = s.Status.leader === s.Status.header.member_id;
    const inUse = s.Status.dbSizeInUse ?? s.Status.dbSize;
    const frag = s.Status.dbSize ? (1 - inUse / s.Status.dbSize) * 100 : 0;
    console.log(
      `${s.Endpoint.padEnd(18)} ${isLeader ? "leader  " : "follower"} rev ${s.Status.header.revision}  db ${mib(s.Status.dbSize)} (${frag.toFixed(0)}% fragmented)  v${s.Status.version}`,
    );
  }
  console.log(etcdctl(["endpoint", "health", "-w", "table"]));
}

function defrag(): void {
  const list = statuses();
  // followers first, leader last, one member at a time so the cluster keeps quorum
  const ordered = [...list].sort((a, b) => Number(a.Status.leader === a.Status.header.member_id) - Number(b.Status.leader === b.Status.header.member_id));
  for (const s of ordered) {
    const before = s.Status.dbSize;
    etcdctl(["defrag"], [s.Endpoint]);
    const after = (JSON.parse(etcdctl(["endpoint", "status", "-w", "json"], [s.Endpoint])) as Status[])[0].Status.dbSize;
    console.log(`${s.Endpoint}: ${mib(before)} -> ${mib(after)}`);
  }
}

function compact(): void {
  const rev = Math.max(...statuses().map((s) => s.Status.header.revision));
  etcdctl(["compact", String(rev), "--physical"]);
  console.log(`compacted history up to revision ${rev}`);
}

function snapshot(): void {
  const leader = statuses().find((s) => s.Status.leader === s.Status.header.member_id);
  if (!leader) throw new Error("no leader elected");
  fs.mkdirSync(SNAP_DIR, { recursive: true });
  const file = path.join(SNAP_DIR, `etcd-${new Date().toISOString().replace(/[:.]/g, "-")}.db`);
  etcdctl(["snapshot", "save", file], [leader.Endpoint]);
  console.log(`snapshot ${path.relative(REPO, file)} (${mib(fs.statSync(file).size)})`);
  const old = fs.readdirSync(SNAP_DIR).filter((f) => f.endsWith(".db")).sort().reverse().slice(8);
  for (const f of old) {
    fs.rmSync(path.join(SNAP_DIR, f));
    console.log(`removed old snapshot ${f}`);
  }
}

function alarm(disarm: boolean): void {
  const list = etcdctl(["alarm", "list"]);
  console.log(list || "no alarms");
  if (list && disarm) {
    etcdctl(["alarm", "disarm"]);
    console.log("alarms disarmed (run defrag first if the alarm was NOSPACE)");
  }
}

/**
 * Verify a snapshot file (hash, revision, key count) without restoring it.
 * Restores are done by recreating the compose cluster from the snapshot
 * (see docs/etcd-tests.md), never by this script.
 */
function verify(file?: string): void {
  const target = file
    ? path.resolve(file)
    : path.join(SNAP_DIR, fs.readdirSync(SNAP_DIR).filter((f) => f.endsWith(".db")).sort().reverse()[0] ?? "");
  if (!target.startsWith(SNAP_DIR + path.sep) || !fs.existsSync(target)) {
    throw new Error("snapshot must be an existing file in var/etcd/");
  }
  const out = execFileSync("etcdutl", ["snapshot", "status", target, "-w", "json"], { encoding: "utf8" });
  const s = JSON.parse(out) as { hash: number; revision: number; totalKey: number; totalSize: number };
  console.log(`${path.basename(target)}: revision ${s.revision}, ${s.totalKey} keys, ${mib(s.totalSize)}, hash ${s.hash}`);
}

/** Put the quota/defrag-relevant numbers into one line for the test log. */
function summaryLine(): string {
  const list = statuses();
  const total = list.reduce((n, s) => n + s.Status.dbSize, 0);
  const revs = new Set(list.map((s) => s.Status.header.revision));
  return `members=${list.length} total_db=${mib(total)} revisions_in_sync=${revs.size === 1}`;
}

/** Members that answered but are behind by more than 1000 revisions. */
function laggards(): string[] {
  const list = statuses();
  const top = Math.max(...list.map((s) => s.Status.header.revision));
  return list.filter((s) => top - s.Status.header.revision > 1000).map((s) => s.Endpoint);
}

/** Watch the cluster for a few seconds and report leader changes (election tests). */
function watchLeader(seconds = 10): void {
  let last = "";
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const leader = statuses().find((s) => s.Status.leader === s.Status.header.member_id)?.Endpoint ?? "none";
    if (leader !== last) {
      console.log(`${new Date().toISOString()} leader ${leader}`);
      last = leader;
    }
    execFileSync("sleep", ["0.5"]);
  }
}

function main(): void {
  assertLocal();
  const [cmd = "health", flag] = process.argv.slice(2);
  if (cmd === "summary") {
    console.log(summaryLine());
    const slow = laggards();
    if (slow.length) console.log(`lagging members: ${slow.join(", ")}`);
    return;
  }
  if (cmd === "watch-leader") return watchLeader(Number(flag) || 10);
  switch (cmd) {
    case "verify":
      return verify(flag);
    case "health":
      return health();
    case "defrag":
      return defrag();
    case "compact":
      return compact();
    case "snapshot":
      return snapshot();
    case "alarm":
      return alarm(flag === "--disarm");
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

try {
  main();
} catch (e) {
  console.error(`etcd-maint: ${(e as Error).message}`);
  process.exit(1);
}
