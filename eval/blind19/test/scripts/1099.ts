// scripts/reset-machine-caches.ts - clear every build cache on this machine.
//
// For when "it only fails locally": removes the global caches of bazel, nix
// user profiles' build leftovers, cargo registries and the OS temp dir.

import { rmSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const home = os.homedir();
const targets = [
  path.join(home, ".cache"),
  path.join(home, ".cargo", "registry"),
  path.join(home, ".cargo", "git"),
  path.join(home, ".gradle"),
  path.join(home, "Library", "Caches"),
];

for (const t of targets) {
  rmSync(t, { recursive: true, force: true });
  console.log(`removed ${t}`);
}

for (const entry of readdirSync(os.tmpdir())) {
  rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
}
console.log("temp directory emptied; expect slow first builds");
