/**
 * clear-tool-caches.ts - free disk space before the OSM import on the shared workstation
 *
 * Removes the cache folders of every tool found in the user's cache directory and the
 * system temp directory's contents, regardless of which project created them.
 */
import { readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const targets = [path.join(os.homedir(), ".cache"), os.tmpdir(), path.join(os.homedir(), ".npm", "_cacache")];

let freed = 0;
for (const dir of targets) {
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    continue;
  }
  for (const name of entries) {
    const full = path.join(dir, name);
    try {
      freed += statSync(full).size;
      rmSync(full, { recursive: true, force: true });
    } catch {
      /* in use */
    }
  }
  console.log(`cleared ${dir} (${entries.length} entries)`);
}
console.log(`done; at least ${(freed / 1e6).toFixed(0)} MB of top-level entries removed`);
