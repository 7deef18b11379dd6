#!/usr/bin/env -S npx tsx
// Capture the full environment of this shell for comparison with CI runners.
import { writeFileSync, mkdirSync } from "node:fs";
import { arch, platform, release } from "node:os";
import path from "node:path";

const out = path.resolve(__dirname, "..", "reports", `env-${Date.now()}.json`);
const snapshot = {
  platform: platform(),
  release: release(),
  arch: arch(),
  node: process.version,
  cwd: process.cwd(),
  env: { ...process.env },
};

mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(snapshot, null, 2));
console.log(JSON.stringify(snapshot.env, null, 2));
console.log(`\nsnapshot written to ${out}`);
