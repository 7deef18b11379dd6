#!/usr/bin/env -S npx tsx
// "Disk full" helper: delete build caches and temp files for all toolchains.
import { existsSync, readdirSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";

const HOME = homedir();
const TARGETS = [
  path.join(HOME, ".gradle", "caches"),
  path.join(HOME, ".m2", "repository"),
  path.join(HOME, ".nuget", "packages"),
  path.join(HOME, ".cargo", "registry"),
  path.join(HOME, ".pub-cache"),
  path.join(HOME, "Library", "Developer", "Xcode", "DerivedData"),
  path.join(HOME, ".cache"),
];

for (const t of TARGETS) {
  if (existsSync(t)) {
    rmSync(t, { recursive: true, force: true });
    console.log(`removed ${t}`);
  }
}
for (const entry of readdirSync(tmpdir())) {
  rmSync(path.join(tmpdir(), entry), { recursive: true, force: true });
}
console.log("temp directory emptied");
