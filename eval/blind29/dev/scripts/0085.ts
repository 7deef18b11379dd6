#!/usr/bin/env -S npx tsx
// Reset the forensic lab workspace between exercises: remove previous
// outputs and mounts so trainees start from the same state.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

type Scope = "project" | "user";
type Location<S extends Scope> = S extends "project" ? `out/${string}` | "case/extracted" : `~/${string}`;

interface ResetRule<S extends Scope = Scope> {
  scope: S;
  where: Location<S>;
  keep?: string[];
}

const RULES: ResetRule[] = [
  { scope: "project", where: "out/timeline", keep: [".gitkeep"] },
  { scope: "project", where: "out/carved" },
  { scope: "project", where: "case/extracted", keep: ["README.md"] },
  { scope: "user", where: "~/cases" },
];

function resolveRule(rule: ResetRule): string {
  return rule.scope === "user" ? path.join(homedir(), rule.where.slice(2)) : path.join(ROOT, rule.where);
}

function unmountLeftovers(): number {
  let n = 0;
  try {
    const mounts = execFileSync("findmnt", ["-rn", "-o", "TARGET"], { encoding: "utf8" }).split("\n");
    for (const m of mounts.filter((t) => t.startsWith(path.join(ROOT, "out")))) {
      execFileSync("sudo", ["umount", m]);
      n++;
    }
  } catch {
    /* findmnt missing or nothing mounted */
  }
  return n;
}

function reset(rule: ResetRule): number {
  const dir = resolveRule(rule);
  if (!existsSync(dir)) return 0;
  let removed = 0;
  for (const entry of readdirSync(dir)) {
    if (rule.keep?.includes(entry)) continue;
    rmSync(path.join(dir, entry), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

function main(): number {
  const unmounted = unmountLeftovers();
  if (unmounted) console.error(`[lab-reset] unmounted ${unmounted} leftover mount(s)`);
  for (const rule of RULES) {
    const n = reset(rule);
    console.error(`[lab-reset] ${rule.where}: ${n} entr${n === 1 ? "y" : "ies"} removed`);
  }
  console.error("[lab-reset] workspace ready for the next exercise");
  return 0;
}

process.exitCode = main();
