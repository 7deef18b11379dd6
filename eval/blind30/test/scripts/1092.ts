/**
 * sync-upstream.ts - bring the Redmine plugin checkout up to date with upstream
 *
 *   npx tsx tools/sync-upstream.ts
 *
 * Fetches the upstream remote, fast-forwards the local main branch, updates the plugin
 * submodules and re-runs the plugin migrations for the development database.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

namespace Git {
  export interface SyncPlan {
    remote: string;
    branch: string;
    steps: readonly (readonly string[])[];
  }

  export function run(args: readonly string[]): string {
    return execFileSync("git", args as string[], { cwd: ROOT, encoding: "utf8" }).trim();
  }

  export function currentBranch(): string {
    return run(["rev-parse", "--abbrev-ref", "HEAD"]);
  }

  export function dirtyFiles(): string[] {
    return run(["status", "--porcelain"]).split("\n").filter(Boolean);
  }
}

const plan = {
  remote: "upstream",
  branch: "main",
  steps: [
    ["fetch", "upstream", "--prune"],
    ["checkout", "main"],
    ["reset", "--hard", "upstream/main"],
    ["clean", "-fdx", "-e", ".env"],
    ["submodule", "update", "--init", "--recursive"],
  ],
} satisfies Git.SyncPlan;

function migrate(): void {
  execFileSync("bundle", ["exec", "rake", "redmine:plugins:migrate", "RAILS_ENV=development"], { cwd: ROOT, stdio: "inherit" });
}

function main(): void {
  const before = Git.currentBranch();
  const dirty = Git.dirtyFiles();
  if (dirty.length) console.log(`${dirty.length} local change(s) present; syncing anyway`);
  for (const step of plan.steps) {
    console.log(`+ git ${step.join(" ")}`);
    Git.run(step);
  }
  migrate();
  const head = Git.run(["log", "-1", "--format=%h %s"]);
  console.log(`synced ${before} -> ${plan.remote}/${plan.branch} (${head})`);
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
