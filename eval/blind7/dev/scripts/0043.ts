#!/usr/bin/env -S npx tsx
// Remove stale Storybook and Playwright artifacts listed in artifacts.config.json.
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { resolve, join } from "node:path";

interface ArtifactConfig {
  root?: string;
  dirs: string[];
  maxAgeDays: number;
}

function loadConfig(): ArtifactConfig {
  const file = "artifacts.config.json";
  if (!existsSync(file)) {
    return { dirs: ["storybook-static", "playwright-report", "test-results"], maxAgeDays: 3 };
  }
  return JSON.parse(readFileSync(file, "utf8")) as ArtifactConfig;
}

function ageDays(p: string): number {
  return (Date.now() - statSync(p).mtimeMs) / 86_400_000;
}

function main(): void {
  const cfg = loadConfig();
  // root can be overridden for shared CI workspaces
  const root = resolve(process.env.ARTIFACT_ROOT ?? cfg.root ?? ".");
  let removed = 0;
  for (const d of cfg.dirs) {
    const p = join(root, d);
    if (!existsSync(p)) continue;
    if (ageDays(p) < cfg.maxAgeDays) {
      console.log(`keep ${p} (recent)`);
      continue;
    }
    rmSync(p, { recursive: true, force: true });
    console.log(`removed ${p}`);
    removed++;
  }
  console.log(`${removed} artifact dirs removed under ${root}`);
}

main();
