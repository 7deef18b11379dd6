#!/usr/bin/env -S npx tsx
// "my builds are weird" reset: clear every JS tool cache on this machine
import { rmSync, existsSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";

const home = homedir();
const targets = [
  path.join(home, ".npm"),
  path.join(home, ".cache"),
  path.join(home, ".pnpm-store"),
  path.join(home, "Library", "Caches"),
  path.join(tmpdir()),
];

for (const t of targets) {
  if (!existsSync(t)) continue;
  rmSync(t, { recursive: true, force: true });
  console.log(`removed ${t}`);
}
console.log("done; reinstall dependencies with npm ci");
