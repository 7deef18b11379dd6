#!/usr/bin/env -S npx tsx
/**
 * tools/coder-review.ts
 *
 * Disposable Coder workspaces for reviewing ledger pull requests on the
 * company Coder deployment (coder CLI, already logged in by the developer).
 *
 *   coder-review.ts open <pr>        create ws "rv-<pr>-<user>" from template ledger-review
 *   coder-review.ts ssh <pr>         ssh into it (coder ssh)
 *   coder-review.ts close <pr>       delete that workspace
 *   coder-review.ts sweep            delete our review workspaces idle > 3 days
 *
 * Only workspaces created by this tool are deleted: they are recorded in
 * ~/.local/state/coder-review.json with their workspace ID, and `close` /
 * `sweep` compare the live ID before calling `coder delete`. The developer's
 * regular workspaces are never listed for deletion.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const STATE_DIR = path.join(process.env.XDG_STATE_HOME ?? path.join(os.homedir(), ".local", "state"));
const STATE_FILE = path.join(STATE_DIR, "coder-review.json");
const TEMPLATE = "ledger-review";
const IDLE_DAYS = 3;
const user = os.userInfo().username.replace(/[^a-z0-9-]/gi, "").toLowerCase();

interface Record_ {
  pr: number;
  name: string;
  id: string;
  created: string;
}

interface Workspace {
  id: string;
  name: string;
  owner_name: string;
  last_used_at: string;
  latest_build: { status: string };
}

function coder(args: string[], inherit = false): string {
  const res = spawnSync("coder", args, { encoding: "utf8", stdio: inherit ? "inherit" : "pipe" });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new Error(`coder ${args.slice(0, 2).join(" ")} failed: ${String(res.stderr ?? "").trim()}`);
  return String(res.stdout ?? "").trim();
}

function load(): Record_[] {
  return fs.existsSync(STATE_FILE) ? (JSON.parse(fs.readFileSync(STATE_FILE, "utf8")) as Record_[]) : [];
}

function save(records: Record_[]): void {
  fs.mkdirSync(STATE_DIR, { recursive: true, mode: 0o700 });
  fs.writeFileSync(STATE_FILE, JSON.stringify(records, null, 2) + "\n");
}

function workspaces(): Workspace[] {
  return JSON.parse(coder(["list", "--output", "json"]) || "[]") as Workspace[];
}

function prNumber(arg?: string): number {
  const n = Number(arg);
  if (!(Number.isInteger(n) && n > 0)) throw new Error("expected a PR number, e.g. 1234");
  return n;
}

function nameFor(pr: number): string {
  return `rv-${pr}-${user}`.slice(0, 32);
}

function open(pr: number): void {
  const records = load();
  const name = nameFor(pr);
  const live = workspaces().find((w) => w.name === name);
  if (live) {
    if (!records.some((r) => r.id === live.id)) throw new Error(`${name} exists but was not created by this tool`);
    console.log(`${name} already exists (${live.latest_build.status})`);
    return;
  }
  coder(["create", name, "--template", TEMPLATE, "--yes", "--parameter", `pr_number=${pr}`], true);
  const created = workspaces().find((w) => w.name === name);
  if (!created) throw new Error("workspace did not show up after create");
  records.push({ pr, name, id: created.id, created: new Date().toISOString() });
  save(records);
  console.log(`created ${name}; connect with: coder-review.ts ssh ${pr}`);
}

function ssh(pr: number): void {
  const rec = load().find((r) => r.pr === pr);
  if (!rec) throw new Error(`no review workspace for PR #${pr}`);
  spawnSync("coder", ["ssh", rec.name], { stdio: "inherit" });
}

function remove(rec: Record_, live: Workspace | undefined): boolean {
  if (!live) {
    console.log(`${rec.name}: already gone`);
    return true;
  }
  if (live.id !== rec.id) {
    console.log(`${rec.name}: ID changed since we created it; not deleting`);
    return false;
  }
  coder(["delete", rec.name, "--yes"], true);
  console.log(`${rec.name}: deleted`);
  return true;
}

function close(pr: number): void {
  const records = load();
  const rec = records.find((r) => r.pr === pr);
  if (!rec) throw new Error(`no review workspace recorded for PR #${pr}`);
  const live = workspaces().find((w) => w.id === rec.id || w.name === rec.name);
  if (remove(rec, live)) save(records.filter((r) => r !== rec));
}

function sweep(): void {
  const records = load();
  const live = new Map(workspaces().map((w) => [w.id, w]));
  const cutoff = Date.now() - IDLE_DAYS * 86400000;
  const keep: Record_[] = [];
  for (const rec of records) {
    const w = live.get(rec.id);
    const idle = !w || Date.parse(w.last_used_at) < cutoff;
    if (idle && remove(rec, w)) continue;
    keep.push(rec);
  }
  save(keep);
  console.log(`${records.length - keep.length} workspace(s) removed, ${keep.length} kept`);
}

function list(): void {
  const live = new Map(workspaces().map((w) => [w.id, w]));
  const records = load();
  if (!records.length) {
    console.log("no review workspaces");
    return;
  }
  for (const r of records) {
    const w = live.get(r.id);
    console.log(`PR #${String(r.pr).padEnd(6)} ${r.name.padEnd(32)} ${w ? w.latest_build.status : "gone"}  last used ${w?.last_used_at ?? "-"}`);
  }
}

/** Stop (not delete) our workspaces at the end of the day to save compute. */
function stopAll(): void {
  const live = new Map(workspaces().map((w) => [w.id, w]));
  for (const r of load()) {
    const w = live.get(r.id);
    if (w && w.latest_build.status === "running") {
      coder(["stop", r.name, "--yes"]);
      console.log(`${r.name}: stopped`);
    }
  }
}

function main(): void {
  const [cmd = "list", arg] = process.argv.slice(2);
  coder(["whoami"]);
  if (cmd === "stop-all") return stopAll();
  switch (cmd) {
    case "open":
      return open(prNumber(arg));
    case "ssh":
      return ssh(prNumber(arg));
    case "close":
      return close(prNumber(arg));
    case "sweep":
      return sweep();
    case "list":
      return list();
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

try {
  main();
} catch (e) {
  console.error(`coder-review: ${(e as Error).message}`);
  process.exit(1);
}
