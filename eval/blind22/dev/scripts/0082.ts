#!/usr/bin/env -S npx tsx
/**
 * tools/mysql-snap.ts
 *
 * Snapshots of the local MySQL used by `docker compose up db` (port 3307).
 *
 *   mysql-snap.ts save [--tag name]      mysqldump --single-transaction -> snapshots/mysql/
 *   mysql-snap.ts restore <file> --yes   drop + recreate the dev schema, load the dump
 *   mysql-snap.ts anonymize <file>       write a copy with emails/phones masked (for sharing)
 *   mysql-snap.ts list
 *
 * Connection settings come from DATABASE_URL (env or .env). Anything that
 * writes to the database requires host 127.0.0.1/localhost, port 3307 and a
 * schema name ending in _dev or _test. The password is handed to the mysql
 * tools through MYSQL_PWD so it never appears in `ps`.
 */
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as readline from "node:readline";
import { createGzip, createGunzip } from "node:zlib";
import { pipeline } from "node:stream/promises";

const ROOT = path.resolve(__dirname, "..");
const SNAP_DIR = path.join(ROOT, "snapshots", "mysql");

interface Conn {
  host: string;
  port: string;
  user: string;
  password: string;
  database: string;
}

function envFile(): Record<string, string> {
  const p = path.join(ROOT, ".env");
  const out: Record<string, string> = {};
  if (!fs.existsSync(p)) return out;
  for (const raw of fs.readFileSync(p, "utf8").split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq > 0) out[line.slice(0, eq)] = line.slice(eq + 1).replace(/^['"]|['"]$/g, "");
  }
  return out;
}

function connection(): Conn {
  const raw = process.env.DATABASE_URL ?? envFile().DATABASE_URL;
  if (!raw) throw new Error("DATABASE_URL is not set");
  const u = new URL(raw);
  if (u.protocol !== "mysql:") throw new Error(`expected a mysql:// URL, got ${u.protocol}`);
  return {
    host: u.hostname,
    port: u.port || "3306",
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: u.pathname.replace(/^\//, ""),
  };
}

function redacted(c: Conn): string {
  return `mysql://${c.user}:****@${c.host}:${c.port}/${c.database}`;
}

function assertWritable(c: Conn): void {
  if (!["127.0.0.1", "localhost"].includes(c.host) || c.port !== "3307") {
    throw new Error(`refusing to write to ${redacted(c)}: only the local compose database (port 3307)`);
  }
  if (!/_(dev|test)$/.test(c.database)) throw new Error(`schema ${c.database} is not a _dev/_test schema`);
}

function baseArgs(c: Conn): string[] {
  return ["-h", c.host, "-P", c.port, "-u", c.user, "--protocol=TCP"];
}

function toolEnv(c: Conn): NodeJS.ProcessEnv {
  return { ...process.env, MYSQL_PWD: c.password };
}

async function save(c: Conn, tag?: string): Promise<string> {
  if (tag && !/^[\w.-]{1,40}$/.test(tag)) throw new Error(`bad tag ${tag}`);
  fs.mkdirSync(SNAP_DIR, { recursive: true });
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
  const file = path.join(SNAP_DIR, `${c.database}-${stamp}${tag ? "-" + tag : ""}.sql.gz`);
  const dump = spawn("mysqldump", [...baseArgs(c), "--single-transaction", "--routines", "--triggers",
    "--set-gtid-purged=OFF", "--no-tablespaces", c.database], { env: toolEnv(c), stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  dump.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number>((resolve) => dump.on("close", (code) => resolve(code ?? 1)));
  await pipeline(dump.stdout, createGzip(), fs.createWriteStream(file));
  if ((await exited) !== 0) {
    fs.rmSync(file, { force: true });
    throw new Error(`mysqldump failed: ${stderr.trim()}`);
  }
  console.log(`saved ${path.relative(ROOT, file)} (${(fs.statSync(file).size / 1024).toFixed(0)} KiB)`);
  return file;
}

function ask(question: string): Promise<boolean> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  return new Promise((resolve) =>
    rl.question(`${question} [y/N] `, (a) => {
      rl.close();
      resolve(/^y(es)?$/i.test(a.trim()));
    }),
  );
}

function resolveSnapshot(arg: string): string {
  const candidate = path.resolve(fs.existsSync(arg) ? arg : path.join(SNAP_DIR, arg));
  if (!candidate.startsWith(SNAP_DIR + path.sep)) throw new Error("snapshot must be in snapshots/mysql/");
  if (!fs.existsSync(candidate)) throw new Error(`no such snapshot ${arg}`);
  return candidate;
}

async function restore(c: Conn, arg: string, yes: boolean): Promise<void> {
  assertWritable(c);
  const file = resolveSnapshot(arg);
  if (!yes && !(await ask(`drop and reload ${c.database} from ${path.basename(file)}?`))) {
    console.log("aborted");
    return;
  }
  // safety net: dump the current state first
  await save(c, "pre-restore");
  const reset = spawnSync("mysql", [...baseArgs(c), "-e",
    `DROP DATABASE IF EXISTS \`${c.database}\`; CREATE DATABASE \`${c.database}\` CHARACTER SET utf8mb4;`],
  { env: toolEnv(c), encoding: "utf8" });
  if (reset.status !== 0) throw new Error(`reset failed: ${reset.stderr}`);
  const load = spawn("mysql", [...baseArgs(c), c.database], { env: toolEnv(c), stdio: ["pipe", "inherit", "inherit"] });
  const done = new Promise<number>((resolve) => load.on("close", (code) => resolve(code ?? 1)));
  await pipeline(fs.createReadStream(file), createGunzip(), load.stdin);
  if ((await done) !== 0) throw new Error("loading the dump failed (pre-restore snapshot was kept)");
  console.log(`restored ${c.database} from ${path.basename(file)}`);
}

async function anonymize(arg: string): Promise<void> {
  const file = resolveSnapshot(arg);
  const out = file.replace(/\.sql\.gz$/, ".anon.sql.gz");
  const email = /'[^'@\s]{1,64}@[^'@\s]{1,255}'/g;
  const phone = /'\+?\d[\d\s-]{7,}\d'/g;
  let n = 0;
  const input = fs.createReadStream(file).pipe(createGunzip());
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  const gz = createGzip();
  const sink = fs.createWriteStream(out);
  const piping = pipeline(gz, sink);
  for await (const line of rl) {
    const masked = line
      .replace(email, () => `'user${++n}@example.com'`)
      .replace(phone, "'+00000000000'");
    gz.write(masked + "\n");
  }
  gz.end();
  await piping;
  console.log(`wrote ${path.relative(ROOT, out)} (${n} email(s) replaced)`);
}

function list(): void {
  if (!fs.existsSync(SNAP_DIR)) {
    console.log("no snapshots");
    return;
  }
  for (const f of fs.readdirSync(SNAP_DIR).sort()) {
    console.log(`${f.padEnd(64)} ${(fs.statSync(path.join(SNAP_DIR, f)).size / 1024).toFixed(0).padStart(8)} KiB`);
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const [cmd = "list", arg] = argv;
  const yes = argv.includes("--yes");
  const tagIdx = argv.indexOf("--tag");
  switch (cmd) {
    case "save":
      await save(connection(), tagIdx >= 0 ? argv[tagIdx + 1] : undefined);
      return;
    case "restore":
      if (!arg) throw new Error("usage: restore <file> [--yes]");
      return restore(connection(), arg, yes);
    case "anonymize":
      if (!arg) throw new Error("usage: anonymize <file>");
      return anonymize(arg);
    case "list":
      return list();
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

main().catch((e: Error) => {
  console.error(`mysql-snap: ${e.message}`);
  process.exit(1);
});
