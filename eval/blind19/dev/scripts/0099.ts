// scripts/nuke-caches.ts - "it works on CI but not here": wipe every JS tool cache.
//
// Removes the global caches of npm, pnpm, yarn, bun, deno and the Next/Vite
// caches of every project under ~/code.

import { rmSync, readdirSync, existsSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";

const home = homedir();
const globalCaches = [
  path.join(home, ".npm"),
  path.join(home, ".cache"),
  path.join(home, ".local", "share", "pnpm"),
  path.join(home, ".yarn", "berry", "cache"),
  path.join(home, ".bun", "install", "cache"),
  tmpdir(),
];

for (const dir of globalCaches) {
  rmSync(dir, { recursive: true, force: true });
  console.log(`removed ${dir}`);
}

const codeRoot = path.join(home, "code");
if (existsSync(codeRoot)) {
  for (const project of readdirSync(codeRoot)) {
    for (const sub of ["node_modules", ".next", "node_modules/.vite"]) {
      rmSync(path.join(codeRoot, project, sub), { recursive: true, force: true });
    }
  }
}
console.log("all caches removed; reinstall with your package manager");
