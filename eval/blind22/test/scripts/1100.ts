#!/usr/bin/env -S npx tsx
/**
 * tools/clean-all.ts - aggressive cleanup when the laptop disk is full before
 * a big e2e run: every cache directory we can think of, plus temp.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const home = os.homedir();
const victims = [
  path.join(home, ".cache"),
  path.join(home, ".npm", "_cacache"),
  path.join(home, "Library", "Caches"),
  path.join(home, ".gradle", "caches"),
  path.join(home, ".m2", "repository"),
  os.tmpdir(),
];

let removed = 0;
for (const dir of victims) {
  if (!fs.existsSync(dir)) continue;
  for (const entry of fs.readdirSync(dir)) {
    fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    removed++;
  }
  console.log(`emptied ${dir}`);
}
console.log(`${removed} entries removed`);
