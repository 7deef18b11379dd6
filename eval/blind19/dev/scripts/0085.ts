// scripts/datasets.ts - manage versioned evaluation datasets (DVC + S3).
//
//   npx tsx scripts/datasets.ts list                 # tracked datasets and their md5/size
//   npx tsx scripts/datasets.ts pull eval-v3         # dvc pull one dataset
//   npx tsx scripts/datasets.ts add data/eval-v4     # dvc add + git add the .dvc file
//   npx tsx scripts/datasets.ts push eval-v4         # dvc push (asks first)
//   npx tsx scripts/datasets.ts verify               # compare local checksums with .dvc files
//   npx tsx scripts/datasets.ts prune-local          # drop local copies not needed by HEAD
//
// All data lives in the project bucket configured as the DVC remote; the
// bucket listing uses the AWS SDK with the developer's SSO session.

import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import readline from "node:readline/promises";
import { S3Client, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { parse as parseYaml } from "yaml";

interface DvcOut {
  md5: string;
  size?: number;
  nfiles?: number;
  path: string;
}

interface Dataset {
  name: string;
  dvcFile: string;
  out: DvcOut;
}

const ROOT = path.resolve(__dirname, "..");
const DATA = path.join(ROOT, "data");
const REMOTE = process.env.DVC_REMOTE ?? "storage";

function sh(cmd: string, args: string[], inherit = true): string {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: "utf8", stdio: inherit ? "inherit" : "pipe" });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed${inherit ? "" : `: ${r.stderr}`}`);
  return r.stdout ?? "";
}

function datasets(): Dataset[] {
  if (!existsSync(DATA)) return [];
  return readdirSync(DATA)
    .filter((f) => f.endsWith(".dvc"))
    .map((f) => {
      const dvcFile = path.join(DATA, f);
      const doc = parseYaml(readFileSync(dvcFile, "utf8")) as { outs: DvcOut[] };
      return { name: f.replace(/\.dvc$/, ""), dvcFile, out: doc.outs[0] };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

function find(name: string): Dataset {
  const d = datasets().find((x) => x.name === name);
  if (!d) throw new Error(`no dataset ${name} (see \`datasets.ts list\`)`);
  return d;
}

function human(bytes = 0): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let i = 0;
  let n = bytes;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n.toFixed(1)} ${units[i]}`;
}

function remoteUrl(): string {
  const out = sh("dvc", ["remote", "list"], false);
  const line = out.split("\n").find((l) => l.startsWith(REMOTE));
  if (!line) throw new Error(`DVC remote ${REMOTE} not configured`);
  return line.split(/\s+/)[1];
}

async function remoteObjectCount(): Promise<number> {
  const url = new URL(remoteUrl());
  if (url.protocol !== "s3:") return -1;
  const s3 = new S3Client({});
  let token: string | undefined;
  let count = 0;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: url.hostname, Prefix: url.pathname.replace(/^\//, ""), ContinuationToken: token }),
    );
    count += page.KeyCount ?? 0;
    token = page.NextContinuationToken;
  } while (token);
  return count;
}

function md5File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash("md5");
    createReadStream(file)
      .on("data", (d) => h.update(d))
      .on("end", () => resolve(h.digest("hex")))
      .on("error", reject);
  });
}

async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(`${question} [y/N] `);
  rl.close();
  return answer.trim().toLowerCase() === "y";
}

async function cmdList(): Promise<void> {
  for (const d of datasets()) {
    const local = existsSync(path.join(DATA, d.out.path)) ? "local" : "remote only";
    console.log(`${d.name.padEnd(20)} ${d.out.md5.slice(0, 12)}  ${human(d.out.size).padStart(9)}  ${d.out.nfiles ?? 1} file(s)  ${local}`);
  }
  const n = await remoteObjectCount().catch(() => -1);
  if (n >= 0) console.log(`remote ${REMOTE}: ${n} object(s)`);
}

function cmdPull(name: string): void {
  const d = find(name);
  sh("dvc", ["pull", "-r", REMOTE, path.relative(ROOT, d.dvcFile)]);
}

function cmdAdd(target: string): void {
  const abs = path.resolve(ROOT, target);
  if (!abs.startsWith(DATA + path.sep)) throw new Error("datasets must live under data/");
  if (!existsSync(abs)) throw new Error(`${target} does not exist`);
  sh("dvc", ["add", path.relative(ROOT, abs)]);
  sh("git", ["add", `${path.relative(ROOT, abs)}.dvc`, path.join("data", ".gitignore")]);
  console.log(`tracked ${target}; commit the .dvc file and run \`datasets.ts push\``);
}

async function cmdPush(name: string): Promise<void> {
  const d = find(name);
  const dirty = execFileSync("git", ["status", "--porcelain", "--", d.dvcFile], { cwd: ROOT, encoding: "utf8" }).trim();
  if (dirty) throw new Error(`${path.relative(ROOT, d.dvcFile)} is not committed`);
  if (!(await confirm(`upload ${name} (${human(d.out.size)}) to ${remoteUrl()}?`))) {
    console.log("not pushed");
    return;
  }
  sh("dvc", ["push", "-r", REMOTE, path.relative(ROOT, d.dvcFile)]);
}

async function cmdVerify(): Promise<number> {
  let bad = 0;
  for (const d of datasets()) {
    const p = path.join(DATA, d.out.path);
    if (!existsSync(p) || statSync(p).isDirectory()) continue;
    const got = await md5File(p);
    const ok = got === d.out.md5;
    if (!ok) bad++;
    console.log(`${ok ? "ok " : "BAD"} ${d.name}`);
  }
  return bad;
}

function cmdPruneLocal(): void {
  // local workspace copies only; the cache and the remote are untouched
  for (const d of datasets()) {
    const p = path.join(DATA, d.out.path);
    if (existsSync(p) && d.name.startsWith("archive-")) {
      rmSync(p, { recursive: true, force: true });
      console.log(`removed local copy of ${d.name} (dvc pull brings it back)`);
    }
  }
  sh("dvc", ["gc", "--workspace", "--force"]);
}

async function main(): Promise<void> {
  const [cmd, arg] = process.argv.slice(2);
  switch (cmd) {
    case "list":
      return cmdList();
    case "pull":
      return cmdPull(arg);
    case "add":
      return cmdAdd(arg);
    case "push":
      return cmdPush(arg);
    case "verify":
      process.exitCode = (await cmdVerify()) ? 1 : 0;
      return;
    case "prune-local":
      return cmdPruneLocal();
    default:
      console.log("usage: datasets.ts list|pull NAME|add PATH|push NAME|verify|prune-local");
      process.exitCode = 2;
  }
}

main().catch((err: Error) => {
  console.error(`datasets: ${err.message}`);
  process.exitCode = 1;
});
