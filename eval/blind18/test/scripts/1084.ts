#!/usr/bin/env -S npx tsx
// Reset the local SQL Server (docker) database used by the .NET API and seed it.
//
//   npx tsx scripts/mssql-reset.ts            drop + recreate + `dotnet ef database update` + seed
//   npx tsx scripts/mssql-reset.ts --seed-only
//
// Connection settings come from src/Shipping.Api/appsettings.Development.json
// plus user-secrets-free overrides in the project's .env. The reset refuses
// unless the server is localhost/127.0.0.1 (the docker container) and the
// database name ends with _dev.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const API = path.join(ROOT, "src", "Shipping.Api");
const DATA = path.join(ROOT, "src", "Shipping.Data");
const SEED_DIR = path.join(ROOT, "db", "seed");
const CONTAINER = "shipping-mssql";

interface Conn {
  server: string;
  port: number;
  database: string;
  user: string;
  password: string;
}

function parseConnectionString(cs: string): Conn {
  const parts = Object.fromEntries(
    cs
      .split(";")
      .filter(Boolean)
      .map((kv) => {
        const i = kv.indexOf("=");
        return [kv.slice(0, i).trim().toLowerCase(), kv.slice(i + 1).trim()];
      }),
  );
  const [server, port] = String(parts["server"] ?? parts["data source"] ?? "localhost").split(",");
  return {
    server: server.replace(/^tcp:/, ""),
    port: Number(port ?? 1433),
    database: parts["database"] ?? parts["initial catalog"] ?? "",
    user: parts["user id"] ?? parts["uid"] ?? "sa",
    password: parts["password"] ?? parts["pwd"] ?? "",
  };
}

function dotenv(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  if (!existsSync(file)) {
    return {};
  }
  const out: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) {
      out[m[1]] = m[2].replace(/^"|"$/g, "");
    }
  }
  return out;
}

function connection(): Conn {
  const env = { ...dotenv(), ...process.env } as Record<string, string>;
  if (env.ConnectionStrings__Shipping) {
    return parseConnectionString(env.ConnectionStrings__Shipping);
  }
  const settings = JSON.parse(readFileSync(path.join(API, "appsettings.Development.json"), "utf8"));
  return parseConnectionString(settings.ConnectionStrings.Shipping);
}

function guard(c: Conn): void {
  if (!["localhost", "127.0.0.1", "(local)"].includes(c.server.toLowerCase())) {
    throw new Error(`server ${c.server} is not local; refusing`);
  }
  if (!c.database.endsWith("_dev")) {
    throw new Error(`database ${c.database} must end with _dev`);
  }
}

function ensureContainer(): void {
  const running = execFileSync("docker", ["ps", "--filter", `name=^${CONTAINER}$`, "--format", "{{.Names}}"], {
    encoding: "utf8",
  }).trim();
  if (running !== CONTAINER) {
    console.log(`starting ${CONTAINER} (docker compose)`);
    execFileSync("docker", ["compose", "up", "-d", "mssql"], { cwd: ROOT, stdio: "inherit" });
  }
}

function sqlcmd(c: Conn, query: string, database = "master"): string {
  // runs sqlcmd inside the project's own container; credentials via env, not argv
  const res = spawnSync(
    "docker",
    ["exec", "-e", `SQLCMDPASSWORD=${c.password}`, CONTAINER, "/opt/mssql-tools18/bin/sqlcmd",
      "-C", "-S", "localhost", "-U", c.user, "-d", database, "-b", "-h", "-1", "-Q", query],
    { encoding: "utf8" },
  );
  if (res.status !== 0) {
    throw new Error(`sqlcmd failed: ${res.stderr || res.stdout}`);
  }
  return res.stdout.trim();
}

async function waitForServer(c: Conn): Promise<void> {
  for (let i = 0; i < 60; i++) {
    try {
      sqlcmd(c, "SELECT 1");
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  throw new Error("SQL Server did not become ready");
}

function recreate(c: Conn): void {
  console.log(`recreating ${c.database}`);
  sqlcmd(
    c,
    `IF DB_ID('${c.database}') IS NOT NULL BEGIN ALTER DATABASE [${c.database}] SET SINGLE_USER WITH ROLLBACK IMMEDIATE; DROP DATABASE [${c.database}]; END; CREATE DATABASE [${c.database}];`,
  );
}

function migrate(): void {
  console.log("dotnet ef database update");
  execFileSync("dotnet", ["ef", "database", "update", "--project", DATA, "--startup-project", API], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, ASPNETCORE_ENVIRONMENT: "Development" },
  });
}

function seed(c: Conn): number {
  if (!existsSync(SEED_DIR)) {
    return 0;
  }
  const files = readdirSync(SEED_DIR).filter((f) => f.endsWith(".sql")).sort();
  for (const f of files) {
    const sql = readFileSync(path.join(SEED_DIR, f), "utf8");
    sqlcmd(c, sql, c.database);
    console.log(`  seeded ${f}`);
  }
  return files.length;
}

function counts(c: Conn): string {
  return sqlcmd(
    c,
    "SELECT t.name + ': ' + CAST(SUM(p.rows) AS varchar) FROM sys.tables t JOIN sys.partitions p ON p.object_id = t.object_id AND p.index_id IN (0,1) GROUP BY t.name ORDER BY SUM(p.rows) DESC",
    c.database,
  );
}

// After a reset, the API's cached EF model snapshot in obj/ can be stale if
// migrations were switched between branches; a clean build avoids confusing
// "pending model changes" errors on first start.
function cleanApiBuild(): void {
  for (const dir of [path.join(API, "bin"), path.join(API, "obj")]) {
    if (existsSync(dir)) {
      execFileSync("rm", ["-rf", dir]);
    }
  }
}

async function main(): Promise<void> {
  const c = connection();
  if (process.argv.includes("--clean-build")) {
    cleanApiBuild();
  }
  guard(c);
  ensureContainer();
  await waitForServer(c);
  if (!process.argv.includes("--seed-only")) {
    recreate(c);
    migrate();
  }
  const n = seed(c);
  console.log(`${n} seed file(s) applied`);
  console.log(counts(c).split("\n").slice(0, 10).join("\n"));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
