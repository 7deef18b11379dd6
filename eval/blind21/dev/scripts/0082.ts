#!/usr/bin/env -S npx tsx
// scripts/workbench.ts - tmux workbench for the data pipeline repo.
//
//   npx tsx scripts/workbench.ts open      session with jupyter, dagster, db shell, tests
//   npx tsx scripts/workbench.ts close     stop everything this script started
//   npx tsx scripts/workbench.ts status
//
// Session names are "wb-<repo>-<hash of path>" so two checkouts never
// collide, and close only ever targets that exact name. Processes are
// stopped with Ctrl-C in their pane first; the session is killed afterwards.

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { createConnection } from "node:net";

interface Pane {
  name: string;
  cmd: string;
  port?: number;
  env?: Record<string, string>;
}

const ROOT = resolve(__dirname, "..");
const STATE = join(ROOT, ".workbench");
const SESSION = `wb-${basename(ROOT)}-${createHash("sha1").update(ROOT).digest("hex").slice(0, 6)}`;

const PANES: Pane[] = [
  { name: "jupyter", cmd: "uv run jupyter lab --no-browser --ip 127.0.0.1 --port 8888", port: 8888 },
  { name: "dagster", cmd: "uv run dagster dev -h 127.0.0.1 -p 3070", port: 3070, env: { DAGSTER_HOME: ".dagster" } },
  { name: "db", cmd: "psql \"$DATABASE_URL\"" },
  { name: "tests", cmd: "uv run pytest -x --lf -q; exec $SHELL" },
];

function die(msg: string): never {
  console.error(`workbench: ${msg}`);
  process.exit(1);
}

function tmux(...args: string[]) {
  return spawnSync("tmux", args, { encoding: "utf8" });
}

// `=NAME` makes tmux match the session name exactly instead of by prefix,
// so "wb-pipeline-abc123" never matches "wb-pipeline-abc1234". Every tmux
// call that targets our session uses that form.
//
// The session hash comes from the absolute checkout path, which is why two
// worktrees of the same repository get two independent workbenches.
function hasSession(): boolean {
  return tmux("has-session", "-t", `=${SESSION}`).status === 0;
}

// Extra environment for a pane, rendered as an `env K=V` prefix.
function envPrefix(p: Pane): string {
  const pairs = Object.entries(p.env ?? {}).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  return pairs.length ? `env ${pairs.join(" ")} ` : "";
}

function paneCommand(p: Pane): string {
  // source the project's .envrc (if direnv is not used) and keep the pane
  // open when the process exits so errors stay visible
  const envrc = existsSync(join(ROOT, ".envrc")) ? "set -a; . ./.envrc; set +a; " : "";
  return `cd ${JSON.stringify(ROOT)} && ${envrc}${envPrefix(p)}${p.cmd}; echo "[${p.name} exited $?]"; exec $SHELL`;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const sock = createConnection({ host: "127.0.0.1", port });
    sock.setTimeout(500);
    sock.once("connect", () => { sock.destroy(); resolvePromise(true); });
    sock.once("error", () => resolvePromise(false));
    sock.once("timeout", () => { sock.destroy(); resolvePromise(false); });
  });
}

async function waitPort(p: Pane, seconds = 60): Promise<boolean> {
  if (!p.port) return true;
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await portOpen(p.port)) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

async function checkPortsFree(): Promise<void> {
  for (const p of PANES) {
    if (p.port && (await portOpen(p.port))) {
      die(`port ${p.port} (${p.name}) is already in use by another process; not starting`);
    }
  }
}

async function open(): Promise<void> {
  if (hasSession()) {
    console.log(`session ${SESSION} already open; attach with: tmux attach -t ${SESSION}`);
    return;
  }
  await checkPortsFree();
  mkdirSync(STATE, { recursive: true });
  const [first, ...rest] = PANES;
  let res = tmux("new-session", "-d", "-s", SESSION, "-n", first.name, "-c", ROOT, paneCommand(first));
  if (res.status !== 0) die(`tmux new-session failed: ${res.stderr}`);
  for (const p of rest) {
    res = tmux("new-window", "-t", SESSION, "-n", p.name, "-c", ROOT, paneCommand(p));
    if (res.status !== 0) die(`tmux new-window ${p.name} failed: ${res.stderr}`);
  }
  writeFileSync(join(STATE, "session"), SESSION);
  for (const p of PANES.filter((x) => x.port)) {
    const ok = await waitPort(p);
    console.log(`${p.name.padEnd(8)} ${ok ? `http://127.0.0.1:${p.port}` : "did not open its port (see its window)"}`);
  }
  console.log(`attach with: tmux attach -t ${SESSION}`);
}

function close(): void {
  if (!hasSession()) {
    console.log("no workbench session for this checkout");
    return;
  }
  const recorded = existsSync(join(STATE, "session")) ? readFileSync(join(STATE, "session"), "utf8").trim() : "";
  if (recorded && recorded !== SESSION) die(`state file names ${recorded}, expected ${SESSION}; refusing`);
  const panes = tmux("list-panes", "-s", "-t", `=${SESSION}`, "-F", "#{pane_id}").stdout.split("\n").filter(Boolean);
  for (const pane of panes) tmux("send-keys", "-t", pane, "C-c");
  spawnSync("sleep", ["2"]);
  tmux("kill-session", "-t", `=${SESSION}`);
  writeFileSync(join(STATE, "session"), "");
  console.log(`closed ${SESSION}`);
}

async function status(): Promise<void> {
  console.log(`session ${SESSION}: ${hasSession() ? "open" : "closed"}`);
  for (const p of PANES) {
    const state = p.port ? ((await portOpen(p.port)) ? "listening" : "not listening") : "-";
    console.log(`  ${p.name.padEnd(8)} ${p.port ?? ""} ${state}`);
  }
}

function restart(name: string | undefined): void {
  const p = PANES.find((x) => x.name === name);
  if (!p) die(`unknown pane ${name}; have ${PANES.map((x) => x.name).join(", ")}`);
  if (!hasSession()) die("workbench is not open");
  tmux("send-keys", "-t", `=${SESSION}:${p.name}`, "C-c");
  spawnSync("sleep", ["1"]);
  const res = tmux("respawn-window", "-k", "-t", `=${SESSION}:${p.name}`, paneCommand(p));
  if (res.status !== 0) die(`respawn failed: ${res.stderr}`);
  console.log(`restarted ${p.name}`);
}

function capture(name: string | undefined, lines = 200): void {
  const p = PANES.find((x) => x.name === name);
  if (!p) die(`unknown pane ${name}`);
  const res = tmux("capture-pane", "-p", "-t", `=${SESSION}:${p.name}`, "-S", `-${lines}`);
  if (res.status !== 0) die("workbench is not open");
  const out = join(STATE, `${p.name}.log`);
  writeFileSync(out, res.stdout);
  process.stdout.write(res.stdout);
  console.error(`(also saved to ${out})`);
}

function checkTools(): void {
  if (spawnSync("tmux", ["-V"]).status !== 0) die("tmux is not installed");
  if (spawnSync("uv", ["--version"]).status !== 0) die("uv is not installed (see README)");
  if (!existsSync(join(ROOT, "pyproject.toml"))) die("run this from the pipeline repository");
}

async function main(): Promise<void> {
  checkTools();
  const [cmd = "open", arg] = process.argv.slice(2);
  if (cmd === "open") return open();
  if (cmd === "close") return close();
  if (cmd === "status") return status();
  if (cmd === "restart") return restart(arg);
  if (cmd === "capture") return capture(arg);
  die("usage: workbench.ts open|close|status|restart <pane>|capture <pane>");
}

main();
