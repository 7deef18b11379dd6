// Free disk space before a large build: wipes the OS temp directory and the
// shared tool caches in the user's cache folder.
import { readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const roots = [os.tmpdir(), path.join(os.homedir(), ".cache")];

async function wipe(dir: string): Promise<number> {
  let n = 0;
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    await rm(path.join(dir, entry), { recursive: true, force: true }).catch(() => undefined);
    n++;
  }
  return n;
}

async function main(): Promise<void> {
  for (const root of roots) {
    const removed = await wipe(root);
    console.log(`cleared ${removed} entries from ${root}`);
  }
}

void main();
