// tools/atlas.ts - declarative schema workflow with Atlas for the orders service.
//
//   npx tsx tools/atlas.ts diff NAME       generate a versioned migration from schema/*.hcl
//   npx tsx tools/atlas.ts apply [env]     apply pending migrations (env: local | test)
//   npx tsx tools/atlas.ts reset           drop everything in the LOCAL database and re-apply
//   npx tsx tools/atlas.ts lint            atlas migrate lint against the dev database
//
// URLs come from atlas.hcl envs; this wrapper resolves them from .env so the
// same names work on every laptop, and refuses `reset`/`apply` against hosts
// that are not local.

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

type Env = "local" | "test";

interface DbUrl {
  raw: string;
  host: string;
  database: string;
}

const ROOT = path.resolve(__dirname, "..");
const MIGRATIONS = path.join(ROOT, "migrations");
const SCHEMA_DIR = path.join(ROOT, "schema");
const DEV_URL = "docker://postgres/16/dev?search_path=public";
const LOCAL = new Set(["localhost", "127.0.0.1", "postgres", "db"]);
const LOG = path.join(ROOT, ".cache", "atlas.log");

function dotenv(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  const out: Record<string, string> = {};
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/);
    if (m) out[m[1]] = m[2].replace(/^["']|["']$/g, "");
  }
  return out;
}

function urlFor(env: Env): DbUrl {
  const vars = { ...dotenv(), ...process.env } as Record<string, string>;
  const key = env === "local" ? "DATABASE_URL" : "TEST_DATABASE_URL";
  const raw = vars[key];
  if (!raw) throw new Error(`${key} is not set (.env or environment)`);
  const u = new URL(raw);
  return { raw, host: u.hostname, database: u.pathname.replace(/^\//, "") };
}

function assertLocal(db: DbUrl, action: string): void {
  if (!LOCAL.has(db.host)) {
    throw new Error(`${action} refused: ${db.host} is not a local database`);
  }
}

function atlas(args: string[], capture = false): string {
  const printable = args.map((a) => (a.includes("://") && a.includes("@") ? a.replace(/\/\/[^@]*@/, "//***@") : a));
  console.log(`$ atlas ${printable.join(" ")}`);
  const r = spawnSync("atlas", args, {
    cwd: ROOT,
    encoding: "utf8",
    stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  if (r.error) throw r.error;
  mkdirSync(path.dirname(LOG), { recursive: true });
  writeFileSync(LOG, `${new Date().toISOString()} atlas ${printable.join(" ")} -> ${r.status}\n`, { flag: "a" });
  if (r.status !== 0) {
    if (capture) process.stderr.write(r.stderr ?? "");
    throw new Error(`atlas ${args[0]} ${args[1] ?? ""} failed (${r.status})`);
  }
  return capture ? r.stdout : "";
}

function schemaFiles(): string[] {
  return readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith(".hcl") || f.endsWith(".sql"))
    .map((f) => `file://${path.join("schema", f)}`);
}

function pendingCount(db: DbUrl): number {
  const out = atlas(["migrate", "status", "--dir", "file://migrations", "--url", db.raw, "--format", "{{ len .Pending }}"], true);
  return Number(out.trim()) || 0;
}

function diff(name: string): void {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error("migration names are lower_snake_case");
  const to = schemaFiles();
  if (to.length === 0) throw new Error("no schema files in schema/");
  atlas(["migrate", "diff", name, "--dir", "file://migrations", "--to", ...to.flatMap((t) => [t]).slice(0, 1), "--dev-url", DEV_URL]);
  const newest = readdirSync(MIGRATIONS).filter((f) => f.endsWith(".sql")).sort().pop();
  if (newest) {
    console.log(`created migrations/${newest}`);
    const text = readFileSync(path.join(MIGRATIONS, newest), "utf8");
    if (/DROP (TABLE|COLUMN)/i.test(text)) console.log("note: this migration drops data; double-check before committing");
  }
}

function apply(env: Env): void {
  const db = urlFor(env);
  assertLocal(db, `apply (${env})`);
  const pending = pendingCount(db);
  if (pending === 0) {
    console.log(`${env}: up to date`);
    return;
  }
  atlas(["migrate", "apply", "--dir", "file://migrations", "--url", db.raw]);
  console.log(`${env}: applied ${pending} migration(s)`);
}

function reset(): void {
  const db = urlFor("local");
  assertLocal(db, "reset");
  // atlas schema clean drops every object in the schemas of this URL
  atlas(["schema", "clean", "--url", db.raw, "--auto-approve"]);
  atlas(["migrate", "apply", "--dir", "file://migrations", "--url", db.raw]);
  console.log(`local database ${db.database} rebuilt from migrations/`);
}

function lint(): void {
  atlas(["migrate", "lint", "--dir", "file://migrations", "--dev-url", DEV_URL, "--latest", "3"]);
}

function hashCheck(): void {
  // atlas.sum must match the files; a stale sum fails in CI with a confusing message
  try {
    atlas(["migrate", "validate", "--dir", "file://migrations"], true);
    console.log("atlas.sum is valid");
  } catch {
    console.log("atlas.sum is stale; running atlas migrate hash");
    atlas(["migrate", "hash", "--dir", "file://migrations"]);
  }
}

function inspect(env: Env): void {
  // read-only: print the live schema as SQL for a quick look
  const db = urlFor(env);
  const sql = atlas(["schema", "inspect", "--url", db.raw, "--format", "{{ sql . }}"], true);
  console.log(sql);
}

function usage(): void {
  const lines = readFileSync(__filename, "utf8").split("\n").slice(0, 11);
  console.log(lines.map((l) => l.replace(/^\/\/ ?/, "")).join("\n"));
}

function main(): void {
  const [cmd, arg] = process.argv.slice(2);
  switch (cmd) {
    case "diff":
      if (!arg) throw new Error("diff needs a NAME");
      hashCheck();
      diff(arg);
      break;
    case "apply":
      hashCheck();
      apply((arg as Env) ?? "local");
      break;
    case "reset":
      reset();
      break;
    case "inspect":
      inspect((arg as Env) ?? "local");
      break;
    case "lint":
      lint();
      break;
    case "status":
      for (const env of ["local", "test"] as Env[]) {
        try {
          console.log(`${env}: ${pendingCount(urlFor(env))} pending`);
        } catch (err) {
          console.log(`${env}: ${(err as Error).message}`);
        }
      }
      break;
    default:
      usage();
      process.exitCode = cmd ? 2 : 0;
  }
}

try {
  main();
} catch (err) {
  console.error(`atlas.ts: ${(err as Error).message}`);
  process.exitCode = 1;
}
