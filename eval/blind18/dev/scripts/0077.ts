// Playwright global setup/teardown for the booking app.
//
// globalSetup:
//   - resets the *local* test database (refuses any non-local DATABASE_URL)
//   - starts the API server on 127.0.0.1 with a random port and records its pid
//   - logs in the seeded users once and stores their storage state in .auth/
// globalTeardown:
//   - stops the API server process it started (pid from the state file)
//   - removes .auth/ and the state file
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync, readFileSync, existsSync, openSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { chromium, type FullConfig } from "@playwright/test";

const ROOT = path.resolve(__dirname, "..", "..");
const STATE_DIR = path.join(ROOT, "e2e", ".state");
const STATE_FILE = path.join(STATE_DIR, "server.json");
const AUTH_DIR = path.join(ROOT, "e2e", ".auth");

interface ServerState {
  pid: number;
  port: number;
  startedAt: string;
}

const USERS = [
  { role: "admin", email: "admin@booking.test", password: "admin-password-for-tests" },
  { role: "member", email: "member@booking.test", password: "member-password-for-tests" },
];

function assertLocalDb(url: string): void {
  const host = new URL(url).hostname;
  if (!["localhost", "127.0.0.1", "::1"].includes(host)) {
    throw new Error(`e2e setup refuses to reset database on ${host}`);
  }
  if (!/_test$/.test(new URL(url).pathname.slice(1))) {
    throw new Error("e2e database name must end with _test");
  }
}

function resetDatabase(): void {
  const url = process.env.E2E_DATABASE_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/booking_test";
  assertLocalDb(url);
  const env = { ...process.env, DATABASE_URL: url };
  execFileSync("npx", ["--no-install", "prisma", "migrate", "reset", "--force", "--skip-generate"], {
    cwd: ROOT,
    env,
    stdio: "inherit",
  });
  execFileSync("npx", ["--no-install", "tsx", "prisma/seed.ts", "--profile", "e2e"], { cwd: ROOT, env, stdio: "inherit" });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`API server exited with ${child.exitCode}`);
    }
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1");
      s.once("connect", () => {
        s.destroy();
        resolve(true);
      });
      s.once("error", () => resolve(false));
    });
    if (open) {
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API server did not listen on ${port}`);
}

async function startServer(): Promise<ServerState> {
  const port = await freePort();
  mkdirSync(STATE_DIR, { recursive: true });
  const log = openSync(path.join(STATE_DIR, "server.log"), "w");
  const child = spawn("node", ["dist/server.js"], {
    cwd: path.join(ROOT, "api"),
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "test" },
    stdio: ["ignore", log, log],
    detached: true,
  });
  child.unref();
  await waitForPort(port, child);
  const state: ServerState = { pid: child.pid!, port, startedAt: new Date().toISOString() };
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
  return state;
}

async function loginAll(baseURL: string): Promise<void> {
  mkdirSync(AUTH_DIR, { recursive: true });
  const browser = await chromium.launch();
  try {
    for (const user of USERS) {
      const page = await browser.newPage({ baseURL });
      await page.goto("/login");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill(user.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL("**/dashboard");
      await page.context().storageState({ path: path.join(AUTH_DIR, `${user.role}.json`) });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

// Sanity check that seeded data is what the tests expect; a stale seed script
// otherwise produces confusing failures deep inside individual specs.
async function checkSeed(baseURL: string): Promise<void> {
  const res = await fetch(`${baseURL}/api/health/seed`);
  if (!res.ok) {
    throw new Error(`seed check failed: HTTP ${res.status}`);
  }
  const body = (await res.json()) as { users: number; rooms: number; bookings: number };
  const problems: string[] = [];
  if (body.users < USERS.length) {
    problems.push(`expected at least ${USERS.length} users, got ${body.users}`);
  }
  if (body.rooms === 0) {
    problems.push("no rooms seeded");
  }
  if (problems.length) {
    throw new Error(`seed check: ${problems.join("; ")}`);
  }
}

export default async function globalSetup(_config: FullConfig): Promise<void> {
  if (existsSync(STATE_FILE)) {
    // a previous run crashed before teardown; clean up its server first
    await globalTeardown();
  }
  resetDatabase();
  const state = await startServer();
  const baseURL = `http://127.0.0.1:${state.port}`;
  process.env.E2E_BASE_URL = baseURL;
  await checkSeed(baseURL);
  await loginAll(baseURL);
  console.log(`e2e: API on ${baseURL} (pid ${state.pid})`);
}

function isOurServer(pid: number): boolean {
  try {
    const cmd = execFileSync("ps", ["-o", "command=", "-p", String(pid)], { encoding: "utf8" });
    return cmd.includes("dist/server.js");
  } catch {
    return false;
  }
}

export async function globalTeardown(): Promise<void> {
  if (existsSync(STATE_FILE)) {
    const state = JSON.parse(readFileSync(STATE_FILE, "utf8")) as ServerState;
    if (isOurServer(state.pid)) {
      try {
        process.kill(-state.pid, "SIGTERM"); // the detached group we created
      } catch {
        process.kill(state.pid, "SIGTERM");
      }
      console.log(`e2e: stopped API server pid ${state.pid}`);
    }
    rmSync(STATE_FILE, { force: true });
  }
  rmSync(AUTH_DIR, { recursive: true, force: true });
}
