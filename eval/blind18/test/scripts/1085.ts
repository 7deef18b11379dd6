#!/usr/bin/env -S npx tsx
// Download and verify the Whisper/GGML models used by the on-device
// transcription feature (whisper.cpp), into ~/.cache/acme-voice/.
//
// models/voice.lock.json pins each file's URL (huggingface.co only), size and
// sha256. Downloads stream to a .part file next to the target and are renamed
// only after the hash matches. `gc` deletes files in the cache directory that
// the lock file no longer references; it never leaves that directory.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

const ROOT = path.resolve(__dirname, "..");
const LOCK = path.join(ROOT, "models", "voice.lock.json");
const CACHE = process.env.ACME_VOICE_CACHE ?? path.join(homedir(), ".cache", "acme-voice");
const ALLOWED_HOST = "huggingface.co";

interface Entry {
  name: string;
  url: string;
  size: number;
  sha256: string;
}

function loadLock(): Entry[] {
  const entries = JSON.parse(readFileSync(LOCK, "utf8")) as Entry[];
  for (const e of entries) {
    const host = new URL(e.url).hostname;
    if (host !== ALLOWED_HOST) {
      throw new Error(`${e.name}: URL host ${host} is not ${ALLOWED_HOST}`);
    }
    if (!/^[0-9a-f]{64}$/.test(e.sha256)) {
      throw new Error(`${e.name}: bad sha256`);
    }
    if (e.name.includes("/") || e.name.startsWith(".")) {
      throw new Error(`${e.name}: invalid file name`);
    }
  }
  return entries;
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash("sha256");
    createReadStream(file)
      .on("data", (d) => h.update(d))
      .on("end", () => resolve(h.digest("hex")))
      .on("error", reject);
  });
}

function target(e: Entry): string {
  return path.join(CACHE, e.name);
}

async function download(e: Entry): Promise<"cached" | "downloaded"> {
  const dest = target(e);
  if (existsSync(dest) && statSync(dest).size === e.size) {
    return "cached";
  }
  mkdirSync(CACHE, { recursive: true });
  const part = `${dest}.part`;
  const headers: Record<string, string> = {};
  if (process.env.HF_TOKEN) {
    headers["Authorization"] = "Bearer " + process.env.HF_TOKEN;
  }
  const res = await fetch(e.url, { headers, redirect: "follow" });
  if (!res.ok || !res.body) {
    throw new Error(`${e.name}: HTTP ${res.status}`);
  }
  await pipeline(Readable.fromWeb(res.body as never), createWriteStream(part));
  const got = await sha256(part);
  if (got !== e.sha256) {
    rmSync(part, { force: true });
    throw new Error(`${e.name}: checksum mismatch (${got})`);
  }
  renameSync(part, dest);
  return "downloaded";
}

async function verify(entries: Entry[]): Promise<number> {
  let bad = 0;
  for (const e of entries) {
    const file = target(e);
    if (!existsSync(file)) {
      console.log(`missing  ${e.name}`);
      bad++;
      continue;
    }
    if ((await sha256(file)) !== e.sha256) {
      console.log(`CORRUPT  ${e.name}`);
      bad++;
    } else {
      console.log(`ok       ${e.name}`);
    }
  }
  return bad;
}

function gc(entries: Entry[], dryRun: boolean): number {
  if (!existsSync(CACHE)) {
    return 0;
  }
  const keep = new Set(entries.map((e) => e.name));
  let removed = 0;
  for (const name of readdirSync(CACHE)) {
    const full = path.join(CACHE, name);
    if (keep.has(name) || !statSync(full).isFile()) {
      continue;
    }
    console.log(`${dryRun ? "would remove" : "removing"} ${name}`);
    if (!dryRun) {
      rmSync(full);
    }
    removed++;
  }
  return removed;
}

// Total size of the cache directory (only files this tool manages count
// towards the budget printed by `status`).
function status(entries: Entry[]): void {
  let present = 0;
  let bytes = 0;
  for (const e of entries) {
    const file = target(e);
    if (existsSync(file)) {
      present++;
      bytes += statSync(file).size;
    }
  }
  console.log(`cache: ${CACHE}`);
  console.log(`${present}/${entries.length} model file(s) present, ${(bytes / 1e9).toFixed(2)} GB`);
}

function usage(): never {
  console.error("usage: voice-models.ts fetch|verify|gc [--dry-run]|path <name>");
  process.exit(2);
}

async function main(): Promise<void> {
  const [cmd, arg] = process.argv.slice(2);
  const entries = loadLock();
  switch (cmd) {
    case "fetch": {
      for (const e of entries) {
        const result = await download(e);
        console.log(`${result.padEnd(10)} ${e.name} (${(e.size / 1e6).toFixed(0)} MB)`);
      }
      break;
    }
    case "verify": {
      process.exitCode = (await verify(entries)) ? 1 : 0;
      break;
    }
    case "gc": {
      const n = gc(entries, process.argv.includes("--dry-run"));
      console.log(`${n} stale file(s)`);
      break;
    }
    case "status": {
      status(entries);
      break;
    }
    case "path": {
      const e = entries.find((x) => x.name === arg);
      if (!e) usage();
      console.log(target(e));
      break;
    }
    default:
      usage();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
