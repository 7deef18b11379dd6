#!/usr/bin/env -S npx tsx
// zpool-health.ts — read-only health page for the ZFS pools on the lab
// storage nodes, written to reports/storage/zpools.md.
//
//   npx tsx tools/zpool-health.ts                  # hosts from storage-hosts.json
//   npx tsx tools/zpool-health.ts --host nas2.lab.internal
//
// For each host we run, over ssh with the inventory key (BatchMode, so no
// password prompts):
//   sudo -n zpool list -Hp -o name,size,alloc,free,frag,cap,health
//   sudo -n zpool status -p <pool>
//   zfs list -Hp -t snapshot -o name,used -r <pool>   (counts only)
// The sudoers rule on the nodes allows exactly `zpool list` and `zpool status`.
// Nothing here changes a pool: no scrub, no clear, no destroy.
//
// storage-hosts.json:
//   { "hosts": ["nas1.lab.internal", "nas2.lab.internal", "backup1.lab.internal"] }
//
// Findings raised: pool not ONLINE, capacity >= 80%, last scrub older than
// 35 days (or never), scrub errors, and any vdev with a non-ONLINE state or
// non-zero read/write/checksum counters.
//
// Exit codes: 0 all healthy, 1 findings or unreachable hosts.
//
// The report is regenerated from scratch each run (written to a temp file and
// renamed into place), so the wiki embed never shows a half-written table.
// Snapshot counts are informational only; retention is handled elsewhere.

import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const HOSTS_FILE = path.join(ROOT, "storage-hosts.json");
const OUT = path.join(ROOT, "reports", "storage");
const SSH_OPTS = ["-o", "BatchMode=yes", "-o", "ConnectTimeout=8", "-o", "ServerAliveInterval=5"];
const SCRUB_MAX_AGE_DAYS = 35;
const CAPACITY_WARN = 80;

interface PoolRow {
  host: string;
  name: string;
  sizeBytes: number;
  allocBytes: number;
  fragPct: number;
  capPct: number;
  health: string;
  lastScrub?: Date;
  scrubErrors?: number;
  deviceErrors: string[];
  snapshots: number;
}

function hosts(): string[] {
  const argv = process.argv.slice(2);
  const i = argv.indexOf("--host");
  const list = i >= 0 ? [argv[i + 1]] : (JSON.parse(readFileSync(HOSTS_FILE, "utf8")) as { hosts: string[] }).hosts;
  for (const h of list) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*\.internal$/.test(h)) throw new Error(`${h}: only *.internal storage nodes`);
  }
  return list;
}

async function remote(host: string, command: string[]): Promise<string> {
  const { stdout } = await exec("ssh", [...SSH_OPTS, `inventory@${host}`, "--", ...command], {
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

function parseList(host: string, text: string): PoolRow[] {
  return text
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [name, size, alloc, , frag, cap, health] = line.split("\t");
      return {
        host,
        name,
        sizeBytes: Number(size),
        allocBytes: Number(alloc),
        fragPct: Number(frag),
        capPct: Number(cap),
        health,
        deviceErrors: [],
        snapshots: 0,
      };
    });
}

function parseStatus(row: PoolRow, text: string): void {
  const scan = /scan: scrub repaired \S+ in \S+ with (\d+) errors on (.+)$/m.exec(text);
  if (scan) {
    row.scrubErrors = Number(scan[1]);
    const when = new Date(scan[2]);
    if (!Number.isNaN(when.getTime())) row.lastScrub = when;
  }
  let inConfig = false;
  for (const line of text.split("\n")) {
    if (/^\s*NAME\s+STATE\s+READ\s+WRITE\s+CKSUM/.test(line)) {
      inConfig = true;
      continue;
    }
    if (inConfig && /^\s*errors:/.test(line)) break;
    if (!inConfig) continue;
    const cols = line.trim().split(/\s+/);
    if (cols.length >= 5) {
      const [dev, state, read, write, cksum] = cols;
      if (state !== "ONLINE" || read !== "0" || write !== "0" || cksum !== "0") {
        row.deviceErrors.push(`${dev} ${state} r/w/c=${read}/${write}/${cksum}`);
      }
    }
  }
}

const tib = (b: number) => `${(b / 1024 ** 4).toFixed(2)} TiB`;
const ageDays = (d?: Date) => (d ? Math.floor((Date.now() - d.getTime()) / 86_400_000) : Infinity);

async function collect(host: string): Promise<PoolRow[]> {
  const rows = parseList(host, await remote(host, ["sudo", "-n", "zpool", "list", "-Hp", "-o", "name,size,alloc,free,frag,cap,health"]));
  for (const row of rows) {
    parseStatus(row, await remote(host, ["sudo", "-n", "zpool", "status", "-p", row.name]));
    const snaps = await remote(host, ["zfs", "list", "-Hp", "-t", "snapshot", "-o", "name", "-r", row.name]).catch(() => "");
    row.snapshots = snaps.split("\n").filter(Boolean).length;
  }
  return rows;
}

function findings(rows: PoolRow[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    const id = `${r.host}:${r.name}`;
    if (r.health !== "ONLINE") out.push(`${id} is ${r.health}`);
    if (r.capPct >= CAPACITY_WARN) out.push(`${id} at ${r.capPct}% capacity`);
    if (ageDays(r.lastScrub) > SCRUB_MAX_AGE_DAYS) out.push(`${id} last scrub ${r.lastScrub ? `${ageDays(r.lastScrub)} days ago` : "never"}`);
    if ((r.scrubErrors ?? 0) > 0) out.push(`${id} last scrub found ${r.scrubErrors} errors`);
    for (const d of r.deviceErrors) out.push(`${id} device ${d}`);
  }
  return out;
}

function render(rows: PoolRow[], problems: string[], unreachable: string[]): string {
  const lines = [`# ZFS pools (${new Date().toISOString().slice(0, 16).replace("T", " ")})`, ""];
  lines.push("| host | pool | health | used | size | cap | frag | snapshots | last scrub |", "|---|---|---|---:|---:|---:|---:|---:|---|");
  for (const r of rows) {
    lines.push(`| ${r.host} | ${r.name} | ${r.health} | ${tib(r.allocBytes)} | ${tib(r.sizeBytes)} | ${r.capPct}% | ${r.fragPct}% | ${r.snapshots} | ${r.lastScrub ? r.lastScrub.toISOString().slice(0, 10) : "never"} |`);
  }
  lines.push("", `## Findings (${problems.length})`, "", ...(problems.length ? problems.map((p) => `- ${p}`) : ["_none_"]));
  if (unreachable.length) lines.push("", "## Unreachable hosts", "", ...unreachable.map((h) => `- ${h}`));
  return lines.join("\n") + "\n";
}

async function main(): Promise<void> {
  const rows: PoolRow[] = [];
  const unreachable: string[] = [];
  for (const host of hosts()) {
    try {
      rows.push(...(await collect(host)));
      console.error(`ok   ${host}`);
    } catch (err) {
      unreachable.push(`${host}: ${(err as Error).message.split("\n")[0]}`);
      console.error(`FAIL ${host}`);
    }
  }
  const problems = findings(rows);
  await mkdir(OUT, { recursive: true });
  const file = path.join(OUT, "zpools.md");
  await writeFile(`${file}.tmp`, render(rows, problems, unreachable));
  await rename(`${file}.tmp`, file);
  console.error(`${rows.length} pools, ${problems.length} findings -> ${path.relative(ROOT, file)}`);
  if (problems.length || unreachable.length) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`zpool-health: ${err.message}`);
  process.exitCode = 1;
});
