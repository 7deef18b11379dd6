#!/usr/bin/env -S npx tsx
// Reset the local Prisma database and load scenario fixtures.
//
//   npx tsx scripts/db-reset.ts                  reset + seed "default"
//   npx tsx scripts/db-reset.ts --scenario big   reset + seed the large dataset
//   npx tsx scripts/db-reset.ts --snapshot       also save a pg_dump to tmp/
//
// Safety: DATABASE_URL is read from .env.development.local / .env (our own
// files), and the reset refuses unless the host resolves to loopback, the
// database name ends in _dev or _test, and NODE_ENV is not production.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { lookup } from "node:dns/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const ENV_FILES = [".env.development.local", ".env.local", ".env"];
const FIXTURE_DIR = path.join(ROOT, "prisma", "fixtures");
const SNAPSHOT_DIR = path.join(ROOT, "tmp", "db-snapshots");
const KEEP_SNAPSHOTS = 5;

function parseEnvFile(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of readFileSync(file, "utf8").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) {
      continue;
    }
    const eq = line.indexOf("=");
    if (eq === -1) {
      continue;
    }
    const key = line.slice(0, eq).replace(/^export\s+/, "").trim();
    let value = line.slice(eq + 1).trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) {
      value = value.slice(1, -1);
    }
    out[key] = value;
  }
  return out;
}

function loadEnv(): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const name of [...ENV_FILES].reverse()) {
    const file = path.join(ROOT, name);
    if (existsSync(file)) {
      Object.assign(merged, parseEnvFile(file));
    }
  }
  return { ...merged, ...(process.env as Record<string, string>) };
}

async function assertLocal(url: URL, env: Record<string, string>): Promise<void> {
  if (env.NODE_ENV === "production") {
    throw new Error("NODE_ENV=production; refusing");
  }
  const { address } = await lookup(url.hostname);
  const loopback = address === "::1" || address.startsWith("127.");
  if (!loopback) {
    throw new Error(`database host ${url.hostname} (${address}) is not local`);
  }
  const db = url.pathname.replace(/^\//, "");
  if (!/_(dev|test)$/.test(db)) {
    throw new Error(`database "${db}" must end in _dev or _test`);
  }
}

function npx(args: string[], env: Record<string, string>): void {
  console.log(`$ npx ${args.join(" ")}`);
  const res = spawnSync("npx", ["--no-install", ...args], { cwd: ROOT, env, stdio: "inherit" });
  if (res.status !== 0) {
    throw new Error(`npx ${args[0]} failed`);
  }
}

function snapshot(url: URL): void {
  mkdirSync(SNAPSHOT_DIR, { recursive: true });
  const db = url.pathname.slice(1);
  const file = path.join(SNAPSHOT_DIR, `${db}-${new Date().toISOString().replace(/[:.]/g, "-")}.dump`);
  execFileSync("pg_dump", ["-Fc", "-f", file, url.toString()], { stdio: "inherit" });
  console.log(`snapshot: ${path.relative(ROOT, file)}`);
  const old = readdirSync(SNAPSHOT_DIR)
    .filter((f) => f.startsWith(`${db}-`))
    .map((f) => ({ f, t: statSync(path.join(SNAPSHOT_DIR, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t)
    .slice(KEEP_SNAPSHOTS);
  for (const { f } of old) {
    rmSync(path.join(SNAPSHOT_DIR, f));
  }
}

function scenarioFiles(name: string): string[] {
  const dir = path.join(FIXTURE_DIR, name);
  if (!existsSync(dir)) {
    throw new Error(`no fixture scenario "${name}" in prisma/fixtures`);
  }
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => path.join(dir, f));
}

async function seedScenario(files: string[], env: Record<string, string>): Promise<number> {
  // the fixtures are loaded by the project's own seed module so relations and
  // hashing logic stay in one place
  const { seedFromFiles } = (await import(path.join(ROOT, "prisma", "seed-lib.ts"))) as {
    seedFromFiles: (files: string[], databaseUrl: string) => Promise<number>;
  };
  return seedFromFiles(files, env.DATABASE_URL);
}

// After seeding, count rows in the main tables so the developer sees at a
// glance whether the scenario loaded. Uses psql against the same local URL.
function tableCounts(url: URL): Record<string, number> {
  const tables = ["User", "Organization", "Booking", "Room", "Invoice"];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const res = spawnSync("psql", [url.toString(), "-tAc", `SELECT count(*) FROM "${table}"`], {
      encoding: "utf8",
    });
    if (res.status === 0) {
      counts[table] = Number(res.stdout.trim());
    }
  }
  return counts;
}

function printCounts(counts: Record<string, number>): void {
  const width = Math.max(...Object.keys(counts).map((k) => k.length), 5);
  console.log("\nrow counts:");
  for (const [table, n] of Object.entries(counts)) {
    console.log(`  ${table.padEnd(width)}  ${n}`);
  }
}

function listScenarios(): void {
  if (!existsSync(FIXTURE_DIR)) {
    console.log("no prisma/fixtures directory");
    return;
  }
  for (const name of readdirSync(FIXTURE_DIR).sort()) {
    const dir = path.join(FIXTURE_DIR, name);
    if (!statSync(dir).isDirectory()) {
      continue;
    }
    const n = readdirSync(dir).filter((f) => f.endsWith(".json")).length;
    console.log(`${name.padEnd(16)} ${n} file(s)`);
  }
}

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  if (process.argv.includes("--list")) {
    listScenarios();
    return;
  }
  const env = loadEnv();
  if (!env.DATABASE_URL) {
    throw new Error("DATABASE_URL not found in .env files or environment");
  }
  const url = new URL(env.DATABASE_URL);
  await assertLocal(url, env);
  const scenario = flag("--scenario") ?? "default";
  const files = scenarioFiles(scenario);
  if (process.argv.includes("--snapshot")) {
    snapshot(url);
  }
  const started = Date.now();
  npx(["prisma", "migrate", "reset", "--force", "--skip-seed"], env);
  npx(["prisma", "generate"], env);
  const rows = await seedScenario(files, env);
  console.log(`seeded ${rows} row(s) from ${files.length} file(s) of scenario "${scenario}" in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  printCounts(tableCounts(url));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
