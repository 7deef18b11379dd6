#!/usr/bin/env -S npx tsx
// Time the build steps and push the timings to the team's metrics collector.
import { spawnSync } from "node:child_process";
import { hostname } from "node:os";

const STEPS: Array<[string, string[]]> = [
  ["install", ["npm", "ci", "--no-audit"]],
  ["typecheck", ["npx", "tsc", "--noEmit"]],
  ["test", ["npx", "vitest", "run"]],
  ["build", ["npm", "run", "build"]],
];

async function main() {
  const timings: Record<string, number> = {};
  for (const [name, [cmd, ...args]] of STEPS) {
    const t0 = Date.now();
    const r = spawnSync(cmd, args, { stdio: "inherit" });
    timings[name] = Date.now() - t0;
    if (r.status !== 0) {
      console.error(`${name} failed`);
      break;
    }
  }
  console.table(timings);
  await fetch("https://metrics.example.net/ingest/build-timings", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ host: hostname(), at: new Date().toISOString(), timings }),
  }).catch((e) => console.error("metrics upload failed:", e.message));
}

main();
