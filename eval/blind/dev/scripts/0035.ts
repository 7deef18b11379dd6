// Capture the environment the dev server starts with, to compare with CI.
import { writeFileSync, mkdirSync } from "node:fs";
import { hostname, platform, release, userInfo } from "node:os";

interface Snapshot {
  host: string;
  os: string;
  user: string;
  node: string;
  cwd: string;
  env: Record<string, string | undefined>;
}

const snapshot: Snapshot = {
  host: hostname(),
  os: `${platform()} ${release()}`,
  user: userInfo().username,
  node: process.version,
  cwd: process.cwd(),
  env: { ...process.env },
};

mkdirSync("debug", { recursive: true });
const file = `debug/env-${Date.now()}.json`;
writeFileSync(file, JSON.stringify(snapshot, null, 2));

console.log(`wrote ${file}`);
console.log("variables:");
for (const [k, v] of Object.entries(snapshot.env).sort()) {
  console.log(`  ${k}=${v}`);
}
