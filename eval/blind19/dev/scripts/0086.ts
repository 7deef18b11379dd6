// tools/ci/affected.ts - compute and run affected Bazel and Pants targets.
//
// The monorepo has Bazel for Go/TS services and Pants for the Python code.
// Given a base ref, this finds changed files, asks each build system which
// test targets depend on them and runs only those. It also prints a JSON plan
// (--plan) for the CI matrix. `--clean` runs `bazel clean` (this workspace)
// and removes .pants.d/ before starting.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

interface Plan {
  base: string;
  changed: string[];
  bazel: string[];
  pants: string[];
  fullRun: boolean;
}

interface Options {
  base: string;
  plan: boolean;
  clean: boolean;
  dryRun: boolean;
}

const ROOT = path.resolve(__dirname, "..", "..");
const OUT_DIR = path.join(ROOT, ".cache", "affected");
const FULL_RUN_TRIGGERS = ["MODULE.bazel", "WORKSPACE", ".bazelrc", "pants.toml", "3rdparty/python/requirements.txt"];
const MAX_TARGETS = 500;

function run(cmd: string, args: string[], opts: { capture?: boolean; allowFail?: boolean } = {}): string {
  const r = spawnSync(cmd, args, {
    cwd: ROOT,
    encoding: "utf8",
    stdio: opts.capture ? ["ignore", "pipe", "pipe"] : "inherit",
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0 && !opts.allowFail) {
    throw new Error(`${cmd} ${args.slice(0, 3).join(" ")} failed (${r.status})${opts.capture ? `: ${r.stderr.slice(-500)}` : ""}`);
  }
  return opts.capture ? r.stdout : "";
}

function parseArgs(argv: string[]): Options {
  const o: Options = { base: process.env.BASE_REF ?? "origin/main", plan: false, clean: false, dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--base") o.base = argv[++i];
    else if (a === "--plan") o.plan = true;
    else if (a === "--clean") o.clean = true;
    else if (a === "--dry-run") o.dryRun = true;
    else throw new Error(`unknown option ${a}`);
  }
  return o;
}

function changedFiles(base: string): string[] {
  run("git", ["fetch", "--quiet", "origin"], { allowFail: true });
  const mergeBase = run("git", ["merge-base", "HEAD", base], { capture: true }).trim();
  const committed = run("git", ["diff", "--name-only", `${mergeBase}...HEAD`], { capture: true });
  const working = run("git", ["diff", "--name-only", "HEAD"], { capture: true });
  return [...new Set([...committed.split("\n"), ...working.split("\n")].filter(Boolean))].sort();
}

function bazelPackageOf(file: string): string | null {
  let dir = path.dirname(file);
  while (dir && dir !== ".") {
    if (existsSync(path.join(ROOT, dir, "BUILD.bazel")) || existsSync(path.join(ROOT, dir, "BUILD"))) return dir;
    dir = path.dirname(dir);
  }
  return null;
}

function bazelTargets(files: string[]): string[] {
  const labels = files
    .map((f) => {
      const pkg = bazelPackageOf(f);
      return pkg && existsSync(path.join(ROOT, f)) ? `//${pkg}:${path.relative(pkg, f)}` : null;
    })
    .filter((x): x is string => x !== null);
  if (labels.length === 0) return [];
  const query = `kind(".*_test", rdeps(//..., set(${labels.map((l) => `"${l}"`).join(" ")})))`;
  const out = run("bazel", ["query", "--keep_going", "--output=label", query], { capture: true, allowFail: true });
  return out.split("\n").filter((l) => l.startsWith("//"));
}

function pantsTargets(files: string[]): string[] {
  const py = files.filter((f) => f.endsWith(".py") || f.endsWith("BUILD") || f.endsWith(".toml"));
  if (py.length === 0) return [];
  const out = run(
    "pants",
    ["--changed-since=" + process.env.BASE_REF_SHA || "HEAD~1", "--changed-dependents=transitive", "list"],
    { capture: true, allowFail: true },
  );
  return out.split("\n").filter((l) => l.includes("tests") || l.endsWith("_test.py"));
}

function buildPlan(base: string): Plan {
  const changed = changedFiles(base);
  const fullRun = changed.some((f) => FULL_RUN_TRIGGERS.includes(f));
  if (fullRun) return { base, changed, bazel: ["//..."], pants: ["::"], fullRun };
  let bazel = bazelTargets(changed);
  let pants = pantsTargets(changed);
  if (bazel.length > MAX_TARGETS) bazel = ["//..."];
  if (pants.length > MAX_TARGETS) pants = ["::"];
  return { base, changed, bazel, pants, fullRun: false };
}

function clean(): void {
  console.log("bazel clean + removing .pants.d/ and dist/");
  run("bazel", ["clean"]);
  rmSync(path.join(ROOT, ".pants.d"), { recursive: true, force: true });
  rmSync(path.join(ROOT, "dist"), { recursive: true, force: true });
  rmSync(OUT_DIR, { recursive: true, force: true });
}

function runBazel(targets: string[], dryRun: boolean): boolean {
  if (targets.length === 0) return true;
  const file = path.join(OUT_DIR, "bazel-targets.txt");
  writeFileSync(file, targets.join("\n") + "\n");
  if (dryRun) return true;
  const r = spawnSync("bazel", ["test", `--target_pattern_file=${file}`, "--test_output=errors", "--keep_going"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  return r.status === 0;
}

function runPants(targets: string[], dryRun: boolean): boolean {
  if (targets.length === 0 || dryRun) return true;
  const r = spawnSync("pants", ["test", ...targets], { cwd: ROOT, stdio: "inherit" });
  return r.status === 0;
}

function summarizeBep(file: string): { passed: number; failed: string[] } {
  // bazel's build event protocol, one JSON object per line
  const result = { passed: 0, failed: [] as string[] };
  if (!existsSync(file)) return result;
  const text = require("node:fs").readFileSync(file, "utf8") as string;
  for (const line of text.split("\n")) {
    if (!line.includes("testSummary")) continue;
    try {
      const ev = JSON.parse(line);
      const status = ev.testSummary?.overallStatus;
      const label = ev.id?.testSummary?.label;
      if (status === "PASSED") result.passed++;
      else if (label) result.failed.push(`${label} (${status})`);
    } catch {
      // partial line at the end of an interrupted run
    }
  }
  return result;
}

function writeJunitIndex(plan: Plan): void {
  const lines = [
    `# affected run ${new Date().toISOString()}`,
    `base: ${plan.base}`,
    `changed: ${plan.changed.length}`,
    `bazel targets: ${plan.bazel.length}`,
    `pants targets: ${plan.pants.length}`,
  ];
  writeFileSync(path.join(OUT_DIR, "summary.txt"), lines.join("\n") + "\n");
}

function main(): void {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.clean) clean();
  mkdirSync(OUT_DIR, { recursive: true });
  const plan = buildPlan(opts.base);
  writeFileSync(path.join(OUT_DIR, "plan.json"), JSON.stringify(plan, null, 2));
  if (opts.plan) {
    process.stdout.write(JSON.stringify(plan) + "\n");
    return;
  }
  console.log(`${plan.changed.length} changed file(s) since ${plan.base}${plan.fullRun ? " (full run)" : ""}`);
  console.log(`bazel: ${plan.bazel.length} target(s), pants: ${plan.pants.length} target(s)`);
  const bazelOk = runBazel(plan.bazel, opts.dryRun);
  const pantsOk = runPants(plan.pants, opts.dryRun);
  writeJunitIndex(plan);
  const bep = summarizeBep(path.join(OUT_DIR, "bep.json"));
  if (bep.failed.length) console.log(`failed:\n  ${bep.failed.join("\n  ")}`);
  if (!bazelOk || !pantsOk) process.exitCode = 1;
}

try {
  main();
} catch (err) {
  console.error(`affected: ${(err as Error).message}`);
  process.exitCode = 1;
}
