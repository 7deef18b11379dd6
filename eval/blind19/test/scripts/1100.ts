// scripts/install-snippets.ts - install the team's editor snippets for this stack.
//
// Copies the VS Code snippets and the Zed tasks file from the repo into the
// user's editor configuration folders so they work in every project.

import { copyFileSync, mkdirSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const home = os.homedir();
const isMac = process.platform === "darwin";
const vscodeUser = isMac
  ? path.join(home, "Library", "Application Support", "Code", "User")
  : path.join(home, ".config", "Code", "User");

const copies = [
  { from: path.join(ROOT, "editor", "harbor.code-snippets"), to: path.join(vscodeUser, "snippets", "harbor.code-snippets") },
  { from: path.join(ROOT, "editor", "zed-tasks.json"), to: path.join(home, ".config", "zed", "tasks.json") },
];

for (const c of copies) {
  if (!existsSync(c.from)) {
    console.log(`skip ${path.basename(c.from)} (not in repo)`);
    continue;
  }
  mkdirSync(path.dirname(c.to), { recursive: true });
  copyFileSync(c.from, c.to);
  console.log(`installed ${c.to}`);
}
