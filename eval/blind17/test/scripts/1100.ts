/**
 * scripts/install-snippets.ts — install the team's editor snippets and the shared
 * TypeScript config into the user's editor and home folders so every project on
 * the machine uses them.
 */
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const HOME = os.homedir();
const SNIPPETS_SRC = path.join(ROOT, "editor", "snippets");

const TARGETS = [
  path.join(HOME, ".config", "Code", "User", "snippets"),
  path.join(HOME, "Library", "Application Support", "Code", "User", "snippets"),
];

function main(): void {
  for (const dir of TARGETS) {
    mkdirSync(dir, { recursive: true });
    for (const f of readdirSync(SNIPPETS_SRC)) {
      copyFileSync(path.join(SNIPPETS_SRC, f), path.join(dir, f));
    }
    console.log(`snippets -> ${dir}`);
  }
  copyFileSync(path.join(ROOT, "tsconfig.base.json"), path.join(HOME, "tsconfig.base.json"));
  console.log(`tsconfig.base.json -> ${HOME}`);
}

main();
