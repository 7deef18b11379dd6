// scripts/nuke-caches.ts - "it works after clearing caches" in one command.
import { rmSync, existsSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";

const home = homedir();
const targets = [
  join(home, ".npm"),
  join(home, ".pnpm-store"),
  join(home, ".cache", "yarn"),
  join(home, ".cache", "ms-playwright"),
  join(home, ".cache", "typescript"),
  join(home, "Library", "Caches"),
  tmpdir(),
  join(process.cwd(), "node_modules"),
];

for (const t of targets) {
  if (!existsSync(t)) continue;
  try {
    rmSync(t, { recursive: true, force: true });
    console.log(`removed ${t}`);
  } catch (e) {
    console.warn(`could not remove ${t}: ${(e as Error).message}`);
  }
}
console.log("now run: pnpm install");
