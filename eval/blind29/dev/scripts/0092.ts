#!/usr/bin/env -S npx tsx
// Diff two osquery inventory snapshots of the build workstations.
//
//   npx tsx tools/inventory-diff.ts                          # newest two in reports/
//   npx tsx tools/inventory-diff.ts reports/inv-a.json reports/inv-b.json --markdown
//   npx tsx tools/inventory-diff.ts --collect                # take a fresh snapshot first
//
// --collect runs osqueryi locally with a fixed list of SELECT statements and
// writes reports/inventory-<host>-<timestamp>.json.  Some tables need root;
// with --sudo those are collected through `sudo -n osqueryi` (non-interactive:
// fails instead of prompting).  Nothing leaves the machine.
import { execFileSync } from "node:child_process";
import { hostname } from "node:os";
import { readdir, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";

type Row = Record<string, string>;
type Snapshot = { host: string; taken: string; tables: Record<string, Row[]> };
type Change = { table: string; kind: "added" | "removed" | "changed"; key: string; detail?: string };

const ROOT = path.resolve(__dirname, "..");
const REPORTS = path.join(ROOT, "reports");

const QUERIES: Record<string, { sql: string; key: string[]; root?: boolean }> = {
  os_version: { sql: "SELECT name, version, build FROM os_version", key: ["name"] },
  deb_packages: { sql: "SELECT name, version, arch FROM deb_packages", key: ["name", "arch"] },
  python_packages: { sql: "SELECT name, version, path FROM python_packages", key: ["name", "path"] },
  kernel_modules: { sql: "SELECT name, status FROM kernel_modules", key: ["name"] },
  listening_ports: { sql: "SELECT port, protocol, address, pid FROM listening_ports WHERE port > 0", key: ["port", "protocol", "address"], root: true },
  users: { sql: "SELECT username, uid, shell FROM users WHERE uid >= 1000 AND shell NOT LIKE '%nologin'", key: ["username"] },
  crontab: { sql: "SELECT command, path FROM crontab", key: ["path", "command"], root: true },
  systemd_units: { sql: "SELECT id, active_state, sub_state FROM systemd_units WHERE id LIKE '%.service'", key: ["id"] },
};

function parseArgs() {
  const a = process.argv.slice(2);
  return {
    files: a.filter((x) => !x.startsWith("--")),
    collect: a.includes("--collect"),
    sudo: a.includes("--sudo"),
    markdown: a.includes("--markdown"),
  };
}

function osquery(sql: string, useSudo: boolean): Row[] {
  const argv = ["--json", sql];
  const out = useSudo
    ? execFileSync("sudo", ["-n", "osqueryi", ...argv], { encoding: "utf8", maxBuffer: 64 << 20 })
    : execFileSync("osqueryi", argv, { encoding: "utf8", maxBuffer: 64 << 20 });
  return JSON.parse(out) as Row[];
}

async function collect(useSudo: boolean): Promise<string> {
  const snap: Snapshot = { host: hostname(), taken: new Date().toISOString(), tables: {} };
  for (const [name, q] of Object.entries(QUERIES)) {
    try {
      snap.tables[name] = osquery(q.sql, Boolean(q.root && useSudo));
    } catch (err) {
      console.error(`[inventory] ${name}: ${(err as Error).message.split("\n")[0]}`);
      snap.tables[name] = [];
    }
  }
  await mkdir(REPORTS, { recursive: true });
  const file = path.join(REPORTS, `inventory-${snap.host}-${snap.taken.replace(/[:.]/g, "-")}.json`);
  await writeFile(file, JSON.stringify(snap, null, 1));
  console.error(`[inventory] snapshot ${path.relative(ROOT, file)}`);
  return file;
}

async function newestTwo(): Promise<[string, string]> {
  const files = (await readdir(REPORTS)).filter((f) => /^inventory-.*\.json$/.test(f)).sort();
  if (files.length < 2) throw new Error("need at least two snapshots in reports/ (use --collect)");
  return [path.join(REPORTS, files[files.length - 2]), path.join(REPORTS, files[files.length - 1])];
}

function keyOf(row: Row, key: string[]): string {
  return key.map((k) => row[k] ?? "").join("|");
}

function diffTable(table: string, before: Row[], after: Row[], key: string[]): Change[] {
  const a = new Map(before.map((r) => [keyOf(r, key), r]));
  const b = new Map(after.map((r) => [keyOf(r, key), r]));
  const changes: Change[] = [];
  for (const [k, row] of b) {
    const old = a.get(k);
    if (!old) changes.push({ table, kind: "added", key: k });
    else {
      const diffs = Object.keys(row).filter((c) => c !== "pid" && row[c] !== old[c]);
      if (diffs.length) changes.push({ table, kind: "changed", key: k, detail: diffs.map((c) => `${c}: ${old[c]} → ${row[c]}`).join(", ") });
    }
  }
  for (const k of a.keys()) if (!b.has(k)) changes.push({ table, kind: "removed", key: k });
  return changes;
}

function render(changes: Change[], markdown: boolean, a: Snapshot, b: Snapshot): string {
  const lines: string[] = [];
  const title = `Inventory changes on ${b.host}: ${a.taken} → ${b.taken}`;
  lines.push(markdown ? `# ${title}` : title, "");
  const byTable = new Map<string, Change[]>();
  for (const c of changes) byTable.set(c.table, [...(byTable.get(c.table) ?? []), c]);
  for (const [table, list] of byTable) {
    lines.push(markdown ? `## ${table} (${list.length})` : `[${table}] ${list.length} change(s)`);
    for (const c of list.slice(0, 50)) {
      const sign = c.kind === "added" ? "+" : c.kind === "removed" ? "-" : "~";
      lines.push(`${markdown ? "- " : "  "}${sign} ${c.key}${c.detail ? ` (${c.detail})` : ""}`);
    }
    if (list.length > 50) lines.push(`${markdown ? "- " : "  "}… ${list.length - 50} more`);
    lines.push("");
  }
  if (!changes.length) lines.push("no changes");
  return lines.join("\n");
}

// changes worth a human look: new listeners, new cron entries, new login users
function alerts(changes: Change[]): Change[] {
  return changes.filter((c) => c.kind === "added" && ["listening_ports", "crontab", "users", "kernel_modules"].includes(c.table));
}

// keep the newest N snapshots per host; older ones are our own files in reports/
async function pruneSnapshots(keep = 20): Promise<number> {
  const files = (await readdir(REPORTS)).filter((f) => /^inventory-.+-\d{4}-\d{2}-\d{2}T.*\.json$/.test(f));
  const byHost = new Map<string, string[]>();
  for (const f of files) {
    const host = f.replace(/^inventory-/, "").replace(/-\d{4}-\d{2}-\d{2}T.*$/, "");
    byHost.set(host, [...(byHost.get(host) ?? []), f]);
  }
  let removed = 0;
  for (const list of byHost.values()) {
    for (const old of list.sort().slice(0, Math.max(0, list.length - keep))) {
      const full = path.join(REPORTS, old);
      if (path.dirname(full) !== REPORTS) continue;
      await rm(full);
      removed++;
    }
  }
  return removed;
}

function summaryLine(changes: Change[]): string {
  const count = (k: Change["kind"]) => changes.filter((c) => c.kind === k).length;
  return `${count("added")} added, ${count("removed")} removed, ${count("changed")} changed`;
}

async function main(): Promise<number> {
  const opts = parseArgs();
  if (opts.collect) {
    await collect(opts.sudo);
    const pruned = await pruneSnapshots();
    if (pruned) console.error(`[inventory] pruned ${pruned} old snapshot(s)`);
  }
  const [fa, fb] = opts.files.length === 2 ? (opts.files as [string, string]) : await newestTwo();
  const [a, b] = await Promise.all([fa, fb].map(async (f) => JSON.parse(await readFile(f, "utf8")) as Snapshot));
  if (a.host !== b.host) console.error(`[inventory] note: comparing different hosts (${a.host} vs ${b.host})`);

  const changes: Change[] = [];
  for (const [table, q] of Object.entries(QUERIES)) {
    changes.push(...diffTable(table, a.tables[table] ?? [], b.tables[table] ?? [], q.key));
  }
  const text = render(changes, opts.markdown, a, b);
  console.log(text);
  console.error(`[inventory] ${summaryLine(changes)}`);
  if (opts.markdown) {
    const out = path.join(REPORTS, `inventory-diff-${b.host}.md`);
    await writeFile(out, text);
    console.error(`[inventory] wrote ${path.relative(ROOT, out)}`);
  }
  const flagged = alerts(changes);
  for (const f of flagged) {
    // listeners and cron entries are the usual suspects after a tool install
    console.error(`[inventory] review: new ${f.table} entry ${f.key}`);
  }
  return flagged.length ? 2 : 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[inventory] ${e.message}`);
    process.exit(1);
  },
);
