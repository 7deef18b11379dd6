#!/usr/bin/env -S npx tsx
// scripts/db.ts - Prisma database helper for local development and CI.
//
//   tsx scripts/db.ts migrate        prisma migrate dev (creates migration if schema changed)
//   tsx scripts/db.ts reset          prisma migrate reset --force (LOCAL database only)
//   tsx scripts/db.ts deploy         prisma migrate deploy (used by CI against its service container)
//   tsx scripts/db.ts seed           run prisma/seed.ts
//   tsx scripts/db.ts studio         prisma studio bound to localhost
//
// The connection string is read from .env / the environment. `reset` and
// `migrate` refuse to run unless the database host is local or the CI service.

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, mkdirSync, appendFileSync } from "node:fs";
import path from "node:path";

type Command = "migrate" | "reset" | "deploy" | "seed" | "studio" | "status";

interface DbTarget {
  url: string;
  host: string;
  port: number;
  database: string;
  isLocal: boolean;
}

const ROOT = path.resolve(__dirname, "..");
const HISTORY = path.join(ROOT, ".cache", "db-history.log");
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "postgres", "db"]);
const COMMANDS: Command[] = ["migrate", "reset", "deploy", "seed", "studio", "status"];

function loadEnvFile(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(file)) return out;
  for (const raw of readFileSync(file, "utf8").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq < 0) continue;
    const key = line.slice(0, eq).trim();
    const value = line
      .slice(eq + 1)
      .trim()
      .replace(/^(['"])(.*)\1$/, "$2");
    out[key] = value;
  }
  return out;
}

function resolveTarget(): DbTarget {
  const fileEnv = loadEnvFile(path.join(ROOT, ".env"));
  const url = process.env.DATABASE_URL ?? fileEnv.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (copy .env.example to .env)");
  const parsed = new URL(url);
  const host = parsed.hostname;
  return {
    url,
    host,
    port: Number(parsed.port || 5432),
    database: parsed.pathname.replace(/^\//, ""),
    isLocal: LOCAL_HOSTS.has(host),
  };
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

function requireLocal(target: DbTarget, action: string): void {
  if (!target.isLocal) {
    throw new Error(`${action} refused: ${target.host} is not a local database`);
  }
}

function prisma(args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`+ prisma ${args.join(" ")}`);
  const r = spawnSync("npx", ["--no-install", "prisma", ...args], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function record(action: string, target: DbTarget, status: number): void {
  mkdirSync(path.dirname(HISTORY), { recursive: true });
  appendFileSync(HISTORY, `${new Date().toISOString()}\t${action}\t${redact(target.url)}\t${status}\n`);
}

async function waitForDatabase(target: DbTarget, timeoutMs = 30_000): Promise<void> {
  const net = await import("node:net");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const sock = net.connect(target.port, target.host);
      sock.once("connect", () => {
        sock.end();
        resolve(true);
      });
      sock.once("error", () => resolve(false));
      sock.setTimeout(1000, () => {
        sock.destroy();
        resolve(false);
      });
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`database ${target.host}:${target.port} is not reachable (docker compose up -d db?)`);
}

function schemaChanged(): boolean {
  const r = spawnSync("git", ["status", "--porcelain", "--", "prisma/schema.prisma"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return (r.stdout ?? "").trim().length > 0;
}

function migrationName(): string {
  const branch = spawnSync("git", ["rev-parse", "--abbrev-ref", "HEAD"], { cwd: ROOT, encoding: "utf8" })
    .stdout.trim()
    .replace(/[^a-z0-9]+/gi, "_")
    .toLowerCase();
  return branch && branch !== "head" ? branch.slice(0, 40) : "change";
}

async function run(cmd: Command, target: DbTarget): Promise<number> {
  switch (cmd) {
    case "status":
      return prisma(["migrate", "status"]);
    case "migrate": {
      requireLocal(target, "migrate dev");
      await waitForDatabase(target);
      const args = ["migrate", "dev"];
      if (schemaChanged()) args.push("--name", migrationName());
      return prisma(args);
    }
    case "reset":
      requireLocal(target, "reset");
      await waitForDatabase(target);
      return prisma(["migrate", "reset", "--force"]);
    case "deploy":
      if (!target.isLocal && !process.env.CI) {
        throw new Error("deploy to a non-local database only runs in CI");
      }
      await waitForDatabase(target);
      return prisma(["migrate", "deploy"]);
    case "seed":
      requireLocal(target, "seed");
      return prisma(["db", "seed"]);
    case "studio":
      return prisma(["studio", "--browser", "none", "--port", "5555"], { HOSTNAME: "127.0.0.1" });
  }
}

function parseCommand(argv: string[]): Command {
  const cmd = (argv[0] ?? "status") as Command;
  if (!COMMANDS.includes(cmd)) {
    throw new Error(`unknown command "${argv[0]}"; expected one of ${COMMANDS.join(", ")}`);
  }
  return cmd;
}

function printTarget(target: DbTarget): void {
  const where = target.isLocal ? "local" : process.env.CI ? "ci" : "REMOTE";
  console.log(`database: ${redact(target.url)} (${where})`);
}

function checkClientGenerated(): void {
  const client = path.join(ROOT, "node_modules", ".prisma", "client", "index.js");
  if (!existsSync(client)) {
    console.log("prisma client not generated yet; running prisma generate");
    prisma(["generate"]);
  }
}

async function main(): Promise<void> {
  const cmd = parseCommand(process.argv.slice(2));
  const target = resolveTarget();
  printTarget(target);
  if (cmd !== "studio" && cmd !== "status") checkClientGenerated();
  const status = await run(cmd, target);
  record(cmd, target, status);
  process.exitCode = status;
}

main().catch((err: Error) => {
  console.error(`db: ${err.message}`);
  process.exitCode = 1;
});
