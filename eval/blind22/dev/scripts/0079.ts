#!/usr/bin/env -S npx tsx
/**
 * tools/review-codespace.ts
 *
 * Spins up a GitHub Codespace for reviewing a pull request, opens an SSH
 * session or runs a command in it, and deletes it again afterwards.
 *
 *   review-codespace.ts open 1234          create (or reuse) a codespace for PR #1234
 *   review-codespace.ts exec 1234 -- npm test
 *   review-codespace.ts close 1234         delete the codespace created for PR #1234
 *   review-codespace.ts gc                 delete our codespaces idle for > 2 days
 *   review-codespace.ts ls
 *
 * Codespaces created here get the display name "review-pr-<n>" and are
 * recorded in .review-codespaces.json. close/gc only delete codespaces that
 * are both in that file and carry the prefix, so nothing else in the
 * account is ever deleted (no `gh codespace delete --all`).
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const STATE_FILE = path.join(ROOT, ".review-codespaces.json");
const PREFIX = "review-pr-";
const IDLE_DAYS = 2;

interface Codespace {
  name: string;
  displayName: string;
  state: string;
  repository: string;
  lastUsedAt: string;
  gitStatus?: { ref: string };
}

interface StateEntry {
  pr: number;
  codespace: string;
  createdAt: string;
}

type State = Record<string, StateEntry>;

function gh(args: string[], opts: { inherit?: boolean; allowFail?: boolean } = {}): string {
  const res = spawnSync("gh", args, {
    encoding: "utf8",
    stdio: opts.inherit ? "inherit" : ["ignore", "pipe", "pipe"],
  });
  if (res.error) throw res.error;
  if (res.status !== 0 && !opts.allowFail) {
    throw new Error(`gh ${args.slice(0, 2).join(" ")} failed: ${String(res.stderr ?? "").trim()}`);
  }
  return String(res.stdout ?? "").trim();
}

function loadState(): State {
  if (!fs.existsSync(STATE_FILE)) return {};
  return JSON.parse(fs.readFileSync(STATE_FILE, "utf8")) as State;
}

function saveState(state: State): void {
  const tmp = `${STATE_FILE}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state, null, 2) + "\n");
  fs.renameSync(tmp, STATE_FILE);
}

function repoSlug(): string {
  return gh(["repo", "view", "--json", "nameWithOwner", "-q", ".nameWithOwner"]);
}

function listCodespaces(): Codespace[] {
  const out = gh(["codespace", "list", "--json", "name,displayName,state,repository,lastUsedAt,gitStatus"]);
  return JSON.parse(out || "[]") as Codespace[];
}

function prNumber(arg: string | undefined): number {
  const n = Number(arg);
  if (!Number.isInteger(n) || n <= 0) throw new Error("give a pull request number");
  return n;
}

function prBranch(pr: number): string {
  return gh(["pr", "view", String(pr), "--json", "headRefName", "-q", ".headRefName"]);
}

function ours(state: State, cs: Codespace): boolean {
  return cs.displayName.startsWith(PREFIX) && Object.values(state).some((e) => e.codespace === cs.name);
}

function open(pr: number): string {
  const state = loadState();
  const existing = state[String(pr)];
  if (existing && listCodespaces().some((c) => c.name === existing.codespace)) {
    console.log(`reusing ${existing.codespace}`);
    return existing.codespace;
  }
  const branch = prBranch(pr);
  const name = gh([
    "codespace", "create",
    "--repo", repoSlug(),
    "--branch", branch,
    "--display-name", `${PREFIX}${pr}`,
    "--machine", "basicLinux32gb",
    "--idle-timeout", "30m",
    "--retention-period", "72h",
  ]);
  state[String(pr)] = { pr, codespace: name, createdAt: new Date().toISOString() };
  saveState(state);
  console.log(`created ${name} for PR #${pr} (${branch})`);
  return name;
}

function execIn(pr: number, command: string[]): number {
  const entry = loadState()[String(pr)];
  if (!entry) throw new Error(`no review codespace for PR #${pr}; run open first`);
  if (!command.length) {
    gh(["codespace", "ssh", "-c", entry.codespace], { inherit: true, allowFail: true });
    return 0;
  }
  const res = spawnSync("gh", ["codespace", "ssh", "-c", entry.codespace, "--", ...command], { stdio: "inherit" });
  return res.status ?? 1;
}

function deleteOne(state: State, key: string, cs: Codespace | undefined): void {
  const entry = state[key];
  if (!cs) {
    console.log(`${entry.codespace} already gone`);
  } else if (!ours(state, cs)) {
    console.log(`not deleting ${cs.name}: not created by this tool`);
    return;
  } else {
    gh(["codespace", "delete", "-c", cs.name, "--force"]);
    console.log(`deleted ${cs.name} (PR #${entry.pr})`);
  }
  delete state[key];
}

function close(pr: number): void {
  const state = loadState();
  const key = String(pr);
  if (!state[key]) {
    console.log(`no codespace recorded for PR #${pr}`);
    return;
  }
  const cs = listCodespaces().find((c) => c.name === state[key].codespace);
  deleteOne(state, key, cs);
  saveState(state);
}

function gc(): void {
  const state = loadState();
  const live = new Map(listCodespaces().map((c) => [c.name, c]));
  const cutoff = Date.now() - IDLE_DAYS * 24 * 3600 * 1000;
  for (const key of Object.keys(state)) {
    const cs = live.get(state[key].codespace);
    const idle = !cs || Date.parse(cs.lastUsedAt) < cutoff;
    if (idle) deleteOne(state, key, cs);
  }
  saveState(state);
}

function ls(): void {
  const state = loadState();
  const live = new Map(listCodespaces().map((c) => [c.name, c]));
  const rows = Object.values(state);
  if (!rows.length) {
    console.log("no review codespaces");
    return;
  }
  for (const e of rows) {
    const cs = live.get(e.codespace);
    console.log(`PR #${String(e.pr).padEnd(6)} ${e.codespace.padEnd(40)} ${cs ? cs.state : "gone"}  last used ${cs?.lastUsedAt ?? "-"}`);
  }
}

function main(): void {
  const [cmd = "ls", arg, ...rest] = process.argv.slice(2);
  gh(["auth", "status"], { allowFail: false });
  switch (cmd) {
    case "open":
      open(prNumber(arg));
      break;
    case "exec": {
      const sep = rest.indexOf("--");
      process.exitCode = execIn(prNumber(arg), sep >= 0 ? rest.slice(sep + 1) : rest);
      break;
    }
    case "close":
      close(prNumber(arg));
      break;
    case "gc":
      gc();
      break;
    case "ls":
      ls();
      break;
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

try {
  main();
} catch (e) {
  console.error(`review-codespace: ${(e as Error).message}`);
  process.exit(1);
}
