#!/usr/bin/env -S npx tsx
// Install the team's shared snippets and keybindings into the user's VS Code
// profile so they are available in every project.
import { copyFileSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { homedir, platform } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const SRC = path.join(ROOT, "tools", "vscode-user");

function userDir(): string {
  switch (platform()) {
    case "darwin":
      return path.join(homedir(), "Library", "Application Support", "Code", "User");
    case "win32":
      return path.join(process.env.APPDATA ?? homedir(), "Code", "User");
    default:
      return path.join(homedir(), ".config", "Code", "User");
  }
}

const dest = userDir();
mkdirSync(path.join(dest, "snippets"), { recursive: true });
for (const f of readdirSync(path.join(SRC, "snippets"))) {
  copyFileSync(path.join(SRC, "snippets", f), path.join(dest, "snippets", f));
  console.log(`snippet ${f}`);
}
if (existsSync(path.join(SRC, "keybindings.json"))) {
  copyFileSync(path.join(SRC, "keybindings.json"), path.join(dest, "keybindings.json"));
  console.log("keybindings.json replaced");
}
console.log(`installed into ${dest}`);
