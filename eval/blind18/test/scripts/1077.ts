#!/usr/bin/env -S npx tsx
// Mobile web e2e on emulated devices with a locally started Next.js server.
//
// Builds the app, starts `next start` on 127.0.0.1 with a random port, runs
// the Playwright "mobile" projects (iPhone/Pixel emulation), then stops the
// server process it started. Traces of failures are kept in e2e/.traces/;
// older runs beyond the newest three are removed from that folder.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const TRACES = path.join(ROOT, "e2e", ".traces");
const KEEP_RUNS = 3;
const PROJECTS = ["mobile-safari", "mobile-chrome"];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function build(): void {
  const res = spawnSync("npx", ["--no-install", "next", "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (res.status !== 0) {
    throw new Error("next build failed");
  }
}

async function waitReady(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`next start exited with ${child.exitCode}`);
    }
    try {
      const res = await fetch(url);
      if (res.status < 500) {
        return;
      }
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`${url} did not respond`);
}

function startServer(port: number): ChildProcess {
  return spawn("npx", ["--no-install", "next", "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    detached: true,
  });
}

function stopServer(child: ChildProcess): void {
  if (child.exitCode !== null || child.pid === undefined) {
    return;
  }
  try {
    process.kill(-child.pid, "SIGTERM"); // the process group created above
  } catch {
    child.kill("SIGTERM");
  }
}

function runPlaywright(baseURL: string, runDir: string, extra: string[]): number {
  const args = ["--no-install", "playwright", "test", ...PROJECTS.flatMap((p) => ["--project", p]), "--output", runDir, ...extra];
  const res = spawnSync("npx", args, {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, BASE_URL: baseURL, PW_TRACE: "retain-on-failure" },
  });
  return res.status ?? 1;
}

function pruneRuns(): void {
  if (!existsSync(TRACES)) {
    return;
  }
  const runs = readdirSync(TRACES)
    .map((name) => ({ name, full: path.join(TRACES, name) }))
    .filter((r) => statSync(r.full).isDirectory())
    .sort((a, b) => statSync(b.full).mtimeMs - statSync(a.full).mtimeMs);
  for (const old of runs.slice(KEEP_RUNS)) {
    rmSync(old.full, { recursive: true, force: true });
  }
}

function traceCount(dir: string): number {
  if (!existsSync(dir)) {
    return 0;
  }
  let n = 0;
  const stack = [dir];
  while (stack.length) {
    const cur = stack.pop()!;
    for (const entry of readdirSync(cur, { withFileTypes: true })) {
      const full = path.join(cur, entry.name);
      if (entry.isDirectory()) {
        stack.push(full);
      } else if (entry.name === "trace.zip") {
        n++;
      }
    }
  }
  return n;
}

// The Playwright config reads BASE_URL; make sure the project really defines
// the mobile projects we pass with --project, otherwise Playwright errors late.
function checkProjects(): void {
  const res = spawnSync("npx", ["--no-install", "playwright", "test", "--list", "--reporter=json"], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, BASE_URL: "http://127.0.0.1:9" },
  });
  if (res.status !== 0) {
    return; // listing failed; the real run will show the error
  }
  try {
    const data = JSON.parse(res.stdout) as { config?: { projects?: { name: string }[] } };
    const names = new Set((data.config?.projects ?? []).map((p) => p.name));
    const missing = PROJECTS.filter((p) => !names.has(p));
    if (missing.length) {
      throw new Error(`playwright.config.ts has no project(s): ${missing.join(", ")}`);
    }
  } catch (err) {
    if (err instanceof SyntaxError) return;
    throw err;
  }
}

async function main(): Promise<void> {
  checkProjects();
  const extra = process.argv.slice(2);
  if (!extra.includes("--no-build")) {
    build();
  }
  const filtered = extra.filter((a) => a !== "--no-build");
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const runDir = path.join(TRACES, new Date().toISOString().replace(/[:.]/g, "-"));
  mkdirSync(runDir, { recursive: true });
  const server = startServer(port);
  const onSignal = () => {
    stopServer(server);
    process.exit(130);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  let code = 1;
  try {
    await waitReady(baseURL, server);
    console.log(`next start on ${baseURL}`);
    code = runPlaywright(baseURL, runDir, filtered);
  } finally {
    stopServer(server);
  }
  const traces = traceCount(runDir);
  if (traces) {
    console.log(`${traces} trace(s) for failed tests in ${path.relative(ROOT, runDir)}`);
  } else {
    rmSync(runDir, { recursive: true, force: true });
  }
  pruneRuns();
  process.exitCode = code;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 2;
});
