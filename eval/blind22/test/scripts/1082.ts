#!/usr/bin/env -S npx tsx
/**
 * tools/mongo-snap.ts
 *
 * Named snapshots of the local MongoDB used by the ledger catalog service
 * (compose service `mongo`, 127.0.0.1:27017, database catalog_dev).
 *
 *   mongo-snap.ts save <name>             mongodump --archive --gzip -> var/mongo/<name>.archive.gz
 *   mongo-snap.ts load <name> [--yes]     mongorestore --drop for catalog_dev.* only
 *   mongo-snap.ts anonymize <name>        copy with customer emails/phones replaced
 *   mongo-snap.ts list | rm <name>
 *
 * MONGO_URL from the environment or .env decides the server; `load` refuses
 * anything but a loopback host and a database named *_dev or *_test, and the
 * --nsInclude filter keeps the restore inside that one database.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as readline from "node:readline/promises";

const REPO = path.resolve(__dirname, "..");
const SNAPS = path.join(REPO, "var", "mongo");
const NAME_RE = /^[a-z0-9][a-z0-9._-]{0,47}$/;

interface Target {
  url: string;
  shown: string;
  host: string;
  db: string;
}

function dotenvValue(key: string): string | undefined {
  const f = path.join(REPO, ".env");
  if (!fs.existsSync(f)) return undefined;
  const line = fs
    .readFileSync(f, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${key}=`));
  return line?.slice(key.length + 1).replace(/^["']|["']$/g, "");
}

function target(): Target {
  const url = process.env.MONGO_URL ?? dotenvValue("MONGO_URL") ?? "mongodb://127.0.0.1:27017/catalog_dev";
  const u = new URL(url);
  const shown = u.password ? url.replace(`:${u.password}@`, ":****@") : url;
  return { url, shown, host: u.hostname, db: u.pathname.replace(/^\//, "") || "catalog_dev" };
}

function requireLocalDev(t: Target): void {
  if (!["127.0.0.1", "localhost"].includes(t.host)) throw new Error(`refusing: ${t.shown} is not on loopback`);
  if (!/_(dev|test)$/.test(t.db)) throw new Error(`refusing: ${t.db} is not a _dev/_test database`);
}

function snapFile(name: string, suffix = ".archive.gz"): string {
  if (!NAME_RE.test(name)) throw new Error(`bad snapshot name ${name}`);
  return path.join(SNAPS, `${name}${suffix}`);
}

function tool(cmd: string, args: string[]): void {
  const res = spawnSync(cmd, args, { stdio: ["ignore", "inherit", "pipe"], encoding: "utf8" });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new Error(`${cmd} failed: ${String(res.stderr).trim().split("\n").slice(-3).join(" | ")}`);
}

function save(name: string): void {
  const t = target();
  const file = snapFile(name);
  if (fs.existsSync(file)) throw new Error(`snapshot ${name} exists`);
  fs.mkdirSync(SNAPS, { recursive: true });
  tool("mongodump", [`--uri=${t.url}`, `--db=${t.db}`, `--archive=${file}`, "--gzip", "--quiet"]);
  console.log(`saved ${path.relative(REPO, file)} (${(fs.statSync(file).size / 1048576).toFixed(1)} MiB) from ${t.shown}`);
}

async function load(name: string, yes: boolean): Promise<void> {
  const t = target();
  requireLocalDev(t);
  const file = snapFile(name);
  if (!fs.existsSync(file)) throw new Error(`no snapshot ${name}`);
  if (!yes) {
    const rl = readline.createInterface({ output: process.stdout, input: process.stdin });
    const answer = await rl.question(`drop and restore collections of ${t.db} from ${name}? [y/N] `);
    rl.close();
    if (!/^y(es)?$/i.test(answer.trim())) {
      console.log("aborted");
      return;
    }
  }
  tool("mongorestore", [`--uri=${t.url}`, `--archive=${file}`, "--gzip", "--drop", `--nsInclude=${t.db}.*`, "--quiet"]);
  console.log(`restored ${t.db} from ${name}`);
}

function anonymize(name: string): void {
  // restore into a scratch db, rewrite PII with mongosh, dump again, drop scratch
  const t = target();
  requireLocalDev(t);
  const scratch = `anon_${Date.now()}_test`;
  const src = snapFile(name);
  const out = snapFile(`${name}.anon`);
  tool("mongorestore", [`--uri=${t.url}`, `--archive=${src}`, "--gzip", `--nsFrom=${t.db}.*`, `--nsTo=${scratch}.*`, "--quiet"]);
  try {
    const script = `
      const d = db.getSiblingDB(${JSON.stringify(scratch)});
      let i = 0;
      d.customers.find({}, { _id: 1 }).forEach((c) => {
        i += 1;
        d.customers.updateOne({ _id: c._id }, { $set: { email: 'customer' + i + '@example.com', phone: '+000000000' } });
      });
      print('anonymized ' + i + ' customers');`;
    tool("mongosh", [t.url, "--quiet", "--eval", script]);
    tool("mongodump", [`--uri=${t.url}`, `--db=${scratch}`, `--archive=${out}`, "--gzip", "--quiet"]);
  } finally {
    tool("mongosh", [t.url, "--quiet", "--eval", `db.getSiblingDB(${JSON.stringify(scratch)}).dropDatabase()`]);
  }
  console.log(`wrote ${path.relative(REPO, out)} (safe to share with the team)`);
}

function list(): void {
  if (!fs.existsSync(SNAPS)) return console.log("no snapshots");
  for (const f of fs.readdirSync(SNAPS).filter((x) => x.endsWith(".archive.gz")).sort()) {
    const st = fs.statSync(path.join(SNAPS, f));
    console.log(`${f.replace(/\.archive\.gz$/, "").padEnd(40)} ${(st.size / 1048576).toFixed(1).padStart(7)} MiB  ${st.mtime.toISOString().slice(0, 16)}`);
  }
}

/**
 * Collection counts straight from an archive (mongorestore --dryRun lists
 * what it would restore), so a snapshot can be checked before loading it.
 */
function inspect(name: string): void {
  const file = snapFile(name);
  if (!fs.existsSync(file)) throw new Error(`no snapshot ${name}`);
  const res = spawnSync("mongorestore", [`--archive=${file}`, "--gzip", "--dryRun", "--verbose"], { encoding: "utf8" });
  const lines = `${res.stdout}${res.stderr}`.split("\n").filter((l) => /restoring|found collection/i.test(l));
  const collections = new Set<string>();
  for (const l of lines) {
    const m = /([\w-]+\.[\w.-]+)/.exec(l.replace(/^.*?(restoring|collection)\s+/i, ""));
    if (m) collections.add(m[1]);
  }
  console.log(`${name}: ${collections.size} collection(s)`);
  for (const c of [...collections].sort()) console.log(`  ${c}`);
}

/** Keep the newest N snapshots (anonymized copies are kept separately). */
function prune(keep: number): void {
  if (!fs.existsSync(SNAPS)) return;
  const files = fs
    .readdirSync(SNAPS)
    .filter((f) => f.endsWith(".archive.gz") && !f.includes(".anon."))
    .map((f) => ({ f, t: fs.statSync(path.join(SNAPS, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { f } of files.slice(keep)) {
    fs.rmSync(path.join(SNAPS, f));
    console.log(`pruned ${f}`);
  }
}

function rm(name: string): void {
  const file = snapFile(name);
  if (!fs.existsSync(file)) throw new Error(`no snapshot ${name}`);
  fs.rmSync(file);
  console.log(`removed ${name}`);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const yes = argv.includes("--yes");
  const [cmd = "list", name] = argv.filter((a) => a !== "--yes");
  switch (cmd) {
    case "save":
      return save(name ?? "");
    case "load":
      return load(name ?? "", yes);
    case "anonymize":
      return anonymize(name ?? "");
    case "list":
      return list();
    case "rm":
      return rm(name ?? "");
    case "inspect":
      return inspect(name ?? "");
    case "prune":
      return prune(Number(name) || 10);
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

main().catch((e: Error) => {
  console.error(`mongo-snap: ${e.message}`);
  process.exit(1);
});
