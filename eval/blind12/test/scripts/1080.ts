#!/usr/bin/env -S npx tsx
// Install the team's code snippets for the project into the user's VS Code
// profile (~/.config/Code/User/snippets, or the macOS equivalent), so they
// are available in every workspace. Snippets are plain templates.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir, platform } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function userSnippetsDir(): string {
  if (platform() === "darwin") return join(homedir(), "Library", "Application Support", "Code", "User", "snippets");
  if (platform() === "win32") return join(process.env.APPDATA ?? homedir(), "Code", "User", "snippets");
  return join(homedir(), ".config", "Code", "User", "snippets");
}

function main(): void {
  const snippets = JSON.parse(readFileSync(join(ROOT, "tools", "snippets", "harbor.json"), "utf8"));
  const dir = userSnippetsDir();
  mkdirSync(dir, { recursive: true });
  const target = join(dir, "harbor.code-snippets");
  writeFileSync(target, JSON.stringify(snippets, null, 2));
  console.log(`installed ${Object.keys(snippets).length} snippet(s) to ${target}`);
}

main();
