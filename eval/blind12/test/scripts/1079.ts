#!/usr/bin/env -S npx tsx
// Jest keeps picking up stale transforms. Nuke every cache directory any JS
// tool might be using: the npm cache, yarn cache, and all jest_* / ts-node /
// vite temp dirs in the system temp directory.
import { readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";

const home = homedir();
const userCaches = [join(home, ".npm", "_cacache"), join(home, ".cache", "yarn"), join(home, ".cache", "typescript")];

async function main(): Promise<void> {
  for (const dir of userCaches) {
    await rm(dir, { recursive: true, force: true });
    console.log(`removed ${dir}`);
  }
  const tmp = tmpdir();
  const victims = readdirSync(tmp).filter((n) => /^(jest_|ts-node|vite|\.vite|tsx-)/.test(n));
  await Promise.all(victims.map((n) => rm(join(tmp, n), { recursive: true, force: true })));
  console.log(`removed ${victims.length} temp cache dir(s) from ${tmp}`);
}

void main();
