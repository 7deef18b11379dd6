#!/usr/bin/env -S npx tsx
// export the design tokens to the shared drive folder and the sibling iOS repo
import { mkdirSync, writeFileSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const tokens = JSON.parse(readFileSync("tokens/design-tokens.json", "utf8"));

const targets = [
  path.join(homedir(), "Google Drive", "Design", "tokens.json"),
  path.resolve("..", "tidewater-ios", "Resources", "tokens.json"),
  "/var/tmp/tokens-latest.json",
];

for (const file of targets) {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(tokens, null, 2));
  console.log(`exported tokens to ${file}`);
}
console.log(`${Object.keys(tokens).length} token group(s) exported`);
