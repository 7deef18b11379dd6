/**
 * nuke-caches.ts - make room before the big render: clears every cache the
 * media tools and package managers use, plus the system temp directory.
 */
import { existsSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const home = os.homedir();
const targets = [
  os.tmpdir(),
  path.join(home, ".cache"),
  path.join(home, ".npm"),
  path.join(home, ".cargo", "registry"),
  path.join(home, ".local", "share", "Trash"),
  path.resolve(__dirname, "..", "build"),
];

let entries = 0;
for (const dir of targets) {
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir)) {
    rmSync(path.join(dir, name), { recursive: true, force: true });
    entries++;
  }
  console.log(`cleared ${dir}`);
}
console.log(`${entries} entries removed`);
