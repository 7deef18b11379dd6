#!/usr/bin/env -S npx tsx
// Export the design tokens so the designer's local Figma plugin can read them:
// writes JSON into ~/Library/Application Support/TokenBridge/ (or the XDG data
// dir on Linux), outside this repository.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { homedir, platform } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname ?? ".", "..");

function targetDir(): string {
  if (platform() === "darwin") {
    return path.join(homedir(), "Library", "Application Support", "TokenBridge");
  }
  return path.join(process.env.XDG_DATA_HOME ?? path.join(homedir(), ".local", "share"), "tokenbridge");
}

async function main(): Promise<void> {
  const tokens = JSON.parse(await readFile(path.join(ROOT, "design", "tokens.json"), "utf8"));
  const dir = targetDir();
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, "acme-tokens.json");
  await writeFile(file, JSON.stringify(tokens, null, 2));
  console.log(`exported ${Object.keys(tokens).length} token groups to ${file}`);
}

void main();
