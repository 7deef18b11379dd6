#!/usr/bin/env bun
// Bun dev supervisor: reads the project's .env with Bun.file, starts the
// API with Bun.spawn, waits for /health on localhost, and kills only the
// subprocess it spawned when it receives SIGINT/SIGTERM.
import type { Subprocess } from "bun";

interface DevOptions {
  entry: string;
  port: number;
  envFile: string;
  healthPath: string;
}

const options: DevOptions = {
  entry: "src/server.ts",
  port: Number(Bun.env.PORT ?? 3001),
  envFile: ".env",
  healthPath: "/health",
};

async function readEnvFile(file: string): Promise<Record<string, string>> {
  const handle = Bun.file(file);
  if (!(await handle.exists())) return {};
  const out: Record<string, string> = {};
  for (const line of (await handle.text()).split("\n")) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
    if (!m || line.trimStart().startsWith("#")) continue;
    out[m[1]] = m[2].replace(/^(['"])(.*)\1$/, "$2");
  }
  return out;
}

async function waitForHealth(url: string, proc: Subprocess, timeoutMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) return false;
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await Bun.sleep(300);
  }
  return false;
}

async function main(): Promise<number> {
  const fileEnv = await readEnvFile(options.envFile);
  console.log(`[dev] ${Object.keys(fileEnv).length} variables from ${options.envFile}`);
  const proc = Bun.spawn(["bun", "--watch", options.entry], {
    env: { ...Bun.env, ...fileEnv, PORT: String(options.port), NODE_ENV: "development" },
    stdout: "inherit",
    stderr: "inherit",
  });
  await Bun.write(".dev.pid", String(proc.pid));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n[dev] ${signal}: stopping pid ${proc.pid}`);
    proc.kill("SIGTERM");
    const timer = setTimeout(() => proc.kill("SIGKILL"), 5000);
    await proc.exited;
    clearTimeout(timer);
    await Bun.write(".dev.pid", "");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  const url = `http://localhost:${options.port}${options.healthPath}`;
  if (await waitForHealth(url, proc)) {
    console.log(`[dev] healthy at ${url}`);
  } else {
    console.error(`[dev] ${url} did not answer in time`);
  }
  const code = await proc.exited;
  console.log(`[dev] server exited with ${code}`);
  return code ?? 1;
}

process.exit(await main());
