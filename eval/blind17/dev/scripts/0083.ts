/**
 * e2e/stack.ts — start and stop everything the Playwright suite needs.
 *
 *   tsx e2e/stack.ts up        compose services + API + web preview, wait for health
 *   tsx e2e/stack.ts down      stop what `up` started (pid file), compose down -v
 *   tsx e2e/stack.ts run       up, run `playwright test`, always down
 *
 * The compose project name is fixed (`wayfarer-e2e`) so `down -v` only removes the
 * volumes of this e2e stack. Background processes are recorded in
 * e2e/.stack/pids.json and killed by PID (process group), never by name.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const STATE = path.join(ROOT, "e2e", ".stack");
const PIDS = path.join(STATE, "pids.json");
const COMPOSE = ["compose", "-p", "wayfarer-e2e", "-f", path.join(ROOT, "e2e", "compose.e2e.yaml")];

interface Proc {
  name: string;
  cmd: string;
  args: string[];
  health: string;
  env?: Record<string, string>;
}

const BASE_ENV: Record<string, string> = {
  NODE_ENV: "test",
  DATABASE_URL: "postgresql://wayfarer:wayfarer@127.0.0.1:55432/wayfarer_e2e",
  REDIS_URL: "redis://127.0.0.1:56379/0",
  MAIL_URL: "smtp://127.0.0.1:51025",
};

const PROCS: Proc[] = [
  { name: "api", cmd: "pnpm", args: ["--filter", "api", "start"], health: "http://127.0.0.1:4100/healthz", env: { PORT: "4100" } },
  {
    name: "web",
    cmd: "pnpm",
    args: ["--filter", "web", "exec", "vite", "preview", "--host", "127.0.0.1", "--port", "4173", "--strictPort"],
    health: "http://127.0.0.1:4173/",
  },
];

function docker(args: string[]): void {
  const res = spawnSync("docker", [...COMPOSE, ...args], { cwd: ROOT, stdio: "inherit" });
  if (res.status !== 0) throw new Error(`docker compose ${args[0]} failed`);
}

async function waitHttp(url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`timed out waiting for ${url}`);
}

function savePids(pids: Record<string, number>): void {
  mkdirSync(STATE, { recursive: true });
  writeFileSync(PIDS, JSON.stringify(pids, null, 2));
}

function loadPids(): Record<string, number> {
  return existsSync(PIDS) ? (JSON.parse(readFileSync(PIDS, "utf8")) as Record<string, number>) : {};
}

function startProc(p: Proc): ChildProcess {
  mkdirSync(STATE, { recursive: true });
  const log = openSync(path.join(STATE, `${p.name}.log`), "w");
  const child = spawn(p.cmd, p.args, {
    cwd: ROOT,
    env: { ...process.env, ...BASE_ENV, ...(p.env ?? {}) },
    stdio: ["ignore", log, log],
    detached: true,
  });
  child.unref();
  console.log(`started ${p.name} (pid ${child.pid})`);
  return child;
}

async function up(): Promise<void> {
  docker(["up", "-d", "--wait"]);
  const migrate = spawnSync("pnpm", ["--filter", "api", "exec", "prisma", "migrate", "reset", "--force", "--skip-generate"], {
    cwd: ROOT,
    env: { ...process.env, ...BASE_ENV },
    stdio: "inherit",
  });
  if (migrate.status !== 0) throw new Error("resetting the e2e database failed");
  const pids: Record<string, number> = {};
  for (const p of PROCS) {
    const child = startProc(p);
    if (child.pid) pids[p.name] = child.pid;
  }
  savePids(pids);
  await Promise.all(PROCS.map((p) => waitHttp(p.health)));
  console.log("e2e stack is up");
}

function killGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

async function down(): Promise<void> {
  const pids = loadPids();
  for (const [name, pid] of Object.entries(pids)) {
    if (killGroup(pid, "SIGTERM")) console.log(`stopping ${name} (${pid})`);
  }
  await new Promise((r) => setTimeout(r, 2000));
  for (const pid of Object.values(pids)) killGroup(pid, "SIGKILL");
  rmSync(PIDS, { force: true });
  docker(["down", "-v", "--remove-orphans"]);
}

function dumpLogs(): void {
  for (const p of PROCS) {
    const file = path.join(STATE, `${p.name}.log`);
    if (!existsSync(file)) continue;
    const lines = readFileSync(file, "utf8").trimEnd().split("\n").slice(-40);
    console.log(`\n--- ${p.name} (last ${lines.length} lines)\n${lines.join("\n")}`);
  }
}

function status(): void {
  const pids = loadPids();
  for (const p of PROCS) {
    const pid = pids[p.name];
    let alive = false;
    if (pid) {
      try {
        process.kill(pid, 0);
        alive = true;
      } catch {
        alive = false;
      }
    }
    console.log(`${p.name.padEnd(5)} ${alive ? `running (pid ${pid})` : "stopped"}`);
  }
  docker(["ps"]);
}

async function runSuite(extra: string[]): Promise<number> {
  await up();
  try {
    const res = spawnSync("pnpm", ["exec", "playwright", "test", ...extra], {
      cwd: ROOT,
      env: { ...process.env, ...BASE_ENV, BASE_URL: "http://127.0.0.1:4173" },
      stdio: "inherit",
    });
    if (res.status !== 0) dumpLogs();
    return res.status ?? 1;
  } finally {
    await down();
  }
}

async function main(): Promise<void> {
  const [cmd, ...rest] = process.argv.slice(2);
  switch (cmd) {
    case "up":
      return up();
    case "down":
      return down();
    case "logs":
      return dumpLogs();
    case "status":
      return status();
    case "run":
      process.exitCode = await runSuite(rest);
      return;
    default:
      console.log("usage: stack.ts up|down|logs|run [playwright args]");
      process.exitCode = 2;
  }
}

main().catch(async (err: Error) => {
  console.error(err.message);
  dumpLogs();
  process.exit(1);
});
