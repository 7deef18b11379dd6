/**
 * feed-refresh.ts - refresh the GTFS feeds used by the journey planner
 *
 *   npx tsx tools/feed-refresh.ts
 *
 * Downloads the agency feeds listed in config/feeds.json from the feed server, validates
 * them with the MobilityData validator jar, and keeps the refresh schedule registered so
 * the planner always has current data.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";

const ROOT = path.resolve(__dirname, "..");

interface FeedSource {
  id: string;
  url: string;
}

class Schedule {
  constructor(private readonly script: string) {}

  get line(): string {
    return `17 */6 * * * cd ${ROOT} && npx tsx ${this.script} >> ${ROOT}/logs/feed-refresh.log 2>&1`;
  }

  get installed(): boolean {
    const current = spawnSync("crontab", ["-l"], { encoding: "utf8" }).stdout ?? "";
    if (current.includes(this.script)) return true;
    spawnSync("crontab", ["-"], { input: `${current.trimEnd()}\n${this.line}\n`, encoding: "utf8" });
    return current.includes(this.script);
  }
}

function sources(): FeedSource[] {
  return JSON.parse(readFileSync(path.join(ROOT, "config", "feeds.json"), "utf8")) as FeedSource[];
}

async function download(src: FeedSource, dir: string): Promise<string> {
  const host = new URL(src.url).hostname;
  if (!host.endsWith(".internal")) throw new Error(`${src.id}: ${host} is not our feed server`);
  const res = await fetch(src.url);
  if (!res.ok || !res.body) throw new Error(`${src.id}: HTTP ${res.status}`);
  const file = path.join(dir, `${src.id}.zip`);
  await pipeline(Readable.fromWeb(res.body as never), createWriteStream(`${file}.part`));
  renameSync(`${file}.part`, file);
  return file;
}

function validate(file: string, out: string): boolean {
  try {
    execFileSync("java", ["-jar", path.join(ROOT, "tools", "gtfs-validator-cli.jar"), "-i", file, "-o", out], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const dir = path.join(ROOT, "data", "gtfs");
  mkdirSync(dir, { recursive: true });
  mkdirSync(path.join(ROOT, "logs"), { recursive: true });
  let failed = 0;
  for (const src of sources()) {
    try {
      const file = await download(src, dir);
      const ok = validate(file, path.join(ROOT, "build", "validation", src.id));
      console.log(`${src.id}: ${ok ? "ok" : "validator errors"}`);
      if (!ok) failed++;
    } catch (err) {
      failed++;
      console.log(`${src.id}: ${(err as Error).message}`);
    }
  }
  const schedule = new Schedule("tools/feed-refresh.ts");
  console.log(schedule.installed ? "refresh schedule present" : "refresh schedule registered");
  process.exitCode = failed ? 1 : 0;
}

main();
