#!/usr/bin/env -S npx tsx
// arango-snapshot.ts — dump the local dev database to dumps/ and restore a
// dump into a *_test database for reproducible integration tests.
//
//   npx tsx tools/arango-snapshot.ts dump                  # dumps/<db>-<stamp>/
//   npx tsx tools/arango-snapshot.ts restore dumps/inventory_dev-20240501T0930 --into inventory_test
//   npx tsx tools/arango-snapshot.ts list
//   npx tsx tools/arango-snapshot.ts prune --keep 5
//
// arangodump/arangorestore get the password through ARANGO_ROOT_PASSWORD in
// their environment (never on the command line, so it does not show up in ps).
// restore uses --overwrite true and --create-database true; it is limited to
// target databases named *_test on a local endpoint.
//
// Settings (.env or environment):
//   ARANGO_ENDPOINT       default tcp://127.0.0.1:8529 (must be one of LOCAL_ENDPOINTS)
//   ARANGO_USER           default root
//   ARANGO_ROOT_PASSWORD  password of that user on the dev server
//   ARANGO_DB             database to dump, default inventory_dev
//
// prune only removes directories directly under dumps/, newest first kept.
// Exit codes: 0 ok, 1 tool failure, 2 usage.

import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const DUMPS = path.join(ROOT, "dumps");
const LOCAL_ENDPOINTS = ["tcp://127.0.0.1:8529", "tcp://localhost:8529", "http+tcp://127.0.0.1:8529"];

type Command = "dump" | "restore" | "list" | "prune";

interface Config {
  endpoint: string;
  user: string;
  password: string;
  database: string;
}

function envFile(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  if (!existsSync(file)) return {};
  const pairs = readFileSync(file, "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#") && l.includes("="))
    .map((l) => [l.slice(0, l.indexOf("=")).trim(), l.slice(l.indexOf("=") + 1).trim().replace(/^["']|["']$/g, "")]);
  return Object.fromEntries(pairs);
}

function config(): Config {
  const env = { ...envFile(), ...process.env } as Record<string, string | undefined>;
  return {
    endpoint: env.ARANGO_ENDPOINT ?? "tcp://127.0.0.1:8529",
    user: env.ARANGO_USER ?? "root",
    password: env.ARANGO_ROOT_PASSWORD ?? "",
    database: env.ARANGO_DB ?? "inventory_dev",
  };
}

function requireLocal(cfg: Config): void {
  if (!LOCAL_ENDPOINTS.includes(cfg.endpoint)) {
    throw new Error(`endpoint ${cfg.endpoint} is not local; this tool only talks to the dev server`);
  }
}

function tool(cmd: string, args: string[], cfg: Config): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, ARANGO_ROOT_PASSWORD: cfg.password },
    });
    const forward = (sig: NodeJS.Signals) => child.kill(sig);
    process.once("SIGINT", forward);
    child.on("error", reject);
    child.on("exit", (code) => {
      process.off("SIGINT", forward);
      code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}`));
    });
  });
}

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, "").slice(0, 13);
}

async function dump(cfg: Config): Promise<void> {
  requireLocal(cfg);
  const out = path.join(DUMPS, `${cfg.database}-${stamp()}`);
  await tool("arangodump", [
    "--server.endpoint", cfg.endpoint,
    "--server.username", cfg.user,
    "--server.database", cfg.database,
    "--output-directory", out,
    "--overwrite", "false",
    "--compress-output", "true",
    "--include-system-collections", "false",
  ], cfg);
  console.log(`dumped ${cfg.database} -> ${path.relative(ROOT, out)}`);
}

async function restore(cfg: Config, from: string | undefined, into: string | undefined): Promise<void> {
  requireLocal(cfg);
  if (!from) throw new Error("restore needs a dump directory");
  const dir = path.resolve(ROOT, from);
  if (path.dirname(dir) !== DUMPS) throw new Error("restore only from a directory directly under dumps/");
  if (!existsSync(path.join(dir, "ENCRYPTION")) && !existsSync(dir)) throw new Error(`${from} is not a dump`);
  const target = into ?? cfg.database.replace(/_dev$/, "_test");
  if (!target.endsWith("_test")) throw new Error(`refusing to restore into ${target}: only *_test databases`);
  await tool("arangorestore", [
    "--server.endpoint", cfg.endpoint,
    "--server.username", cfg.user,
    "--server.database", target,
    "--create-database", "true",
    "--overwrite", "true",
    "--input-directory", dir,
  ], cfg);
  console.log(`restored ${path.basename(dir)} into ${target}`);
}

async function dumpsByAge(): Promise<Array<{ name: string; mtime: number; bytes: number }>> {
  if (!existsSync(DUMPS)) return [];
  const entries = await readdir(DUMPS, { withFileTypes: true });
  const rows = [];
  for (const e of entries.filter((d) => d.isDirectory())) {
    const full = path.join(DUMPS, e.name);
    const files = await readdir(full);
    let bytes = 0;
    for (const f of files) bytes += (await stat(path.join(full, f))).size;
    rows.push({ name: e.name, mtime: (await stat(full)).mtimeMs, bytes });
  }
  return rows.sort((a, b) => b.mtime - a.mtime);
}

async function list(): Promise<void> {
  const rows = await dumpsByAge();
  if (!rows.length) console.log("no dumps yet");
  for (const r of rows) {
    console.log(`${r.name.padEnd(40)} ${(r.bytes / 1e6).toFixed(1).padStart(8)} MB  ${new Date(r.mtime).toISOString().slice(0, 16)}`);
  }
}

async function prune(keep: number): Promise<void> {
  const rows = await dumpsByAge();
  for (const r of rows.slice(keep)) {
    const full = path.join(DUMPS, r.name);
    if (path.dirname(full) !== DUMPS) continue;
    await rm(full, { recursive: true, force: true });
    console.log(`pruned ${r.name}`);
  }
  console.log(`kept ${Math.min(keep, rows.length)} dump(s)`);
}

async function main(): Promise<void> {
  const [cmd, ...rest] = process.argv.slice(2) as [Command | undefined, ...string[]];
  const cfg = config();
  const option = (name: string) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  switch (cmd) {
    case "dump":
      return dump(cfg);
    case "restore":
      return restore(cfg, rest[0], option("--into"));
    case "list":
      return list();
    case "prune":
      return prune(Number(option("--keep") ?? 5));
    default:
      console.error("usage: arango-snapshot.ts dump | restore DIR [--into DB_test] | list | prune [--keep N]");
      process.exitCode = 2;
  }
}

main().catch((err: Error) => {
  console.error(`arango-snapshot: ${err.message}`);
  process.exitCode = 1;
});
