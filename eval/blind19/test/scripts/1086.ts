// ci/nix-matrix.ts - build every flake output we ship and report closure sizes.
//
//   npx tsx ci/nix-matrix.ts                 nix flake check + build all packages for this system
//   npx tsx ci/nix-matrix.ts --only api      build a single package
//   npx tsx ci/nix-matrix.ts --gc-roots      keep result links in .cache/nix-roots (and drop old ones)
//
// Builds happen in the Nix store as usual; the only files this script manages
// are its result symlinks under .cache/nix-roots and the report JSON.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync, lstatSync } from "node:fs";
import path from "node:path";

interface BuildResult {
  attr: string;
  ok: boolean;
  seconds: number;
  outPath?: string;
  closureBytes?: number;
  error?: string;
}

const ROOT = path.resolve(__dirname, "..");
const ROOTS = path.join(ROOT, ".cache", "nix-roots");
const REPORT = path.join(ROOT, ".cache", "nix-matrix.json");
const NIX_FLAGS = ["--extra-experimental-features", "nix-command flakes", "--print-build-logs"];

function nix(args: string[], capture = true): { status: number; stdout: string; stderr: string } {
  const r = spawnSync("nix", [...NIX_FLAGS, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
    maxBuffer: 256 << 20,
  });
  return { status: r.status ?? 1, stdout: r.stdout ?? "", stderr: r.stderr ?? "" };
}

function currentSystem(): string {
  const r = nix(["eval", "--impure", "--raw", "--expr", "builtins.currentSystem"]);
  if (r.status !== 0) throw new Error("nix eval failed; is nix installed with flakes?");
  return r.stdout.trim();
}

function packages(system: string): string[] {
  const r = nix(["flake", "show", "--json"]);
  if (r.status !== 0) throw new Error(`nix flake show failed:\n${r.stderr.slice(-1500)}`);
  const data = JSON.parse(r.stdout) as { packages?: Record<string, Record<string, unknown>> };
  return Object.keys(data.packages?.[system] ?? {}).sort();
}

function flakeCheck(): boolean {
  console.log("$ nix flake check");
  return nix(["flake", "check", "--keep-going"], false).status === 0;
}

function closureSize(outPath: string): number {
  const r = nix(["path-info", "--closure-size", "--json", outPath]);
  if (r.status !== 0) return 0;
  const info = JSON.parse(r.stdout);
  const entry = Array.isArray(info) ? info[0] : Object.values(info)[0];
  return (entry as { closureSize?: number })?.closureSize ?? 0;
}

function build(system: string, name: string, keepRoot: boolean): BuildResult {
  const attr = `.#packages.${system}.${name}`;
  const started = Date.now();
  const args = ["build", attr, "--json"];
  if (keepRoot) {
    mkdirSync(ROOTS, { recursive: true });
    args.push("--out-link", path.join(ROOTS, name));
  } else {
    args.push("--no-link");
  }
  const r = nix(args);
  const seconds = Math.round((Date.now() - started) / 1e3);
  if (r.status !== 0) {
    return { attr, ok: false, seconds, error: r.stderr.trim().split("\n").slice(-8).join("\n") };
  }
  const outPath = (JSON.parse(r.stdout) as { outputs: { out: string } }[])[0]?.outputs.out;
  return { attr, ok: true, seconds, outPath, closureBytes: outPath ? closureSize(outPath) : undefined };
}

function pruneRoots(keep: Set<string>): string[] {
  // only our own result symlinks; the store itself is left to nix-collect-garbage by its owner
  if (!existsSync(ROOTS)) return [];
  const removed: string[] = [];
  for (const name of readdirSync(ROOTS)) {
    const p = path.join(ROOTS, name);
    if (!keep.has(name) && lstatSync(p).isSymbolicLink()) {
      rmSync(p);
      removed.push(name);
    }
  }
  return removed;
}

function mb(bytes?: number): string {
  return bytes ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : "?";
}

function report(results: BuildResult[]): void {
  for (const r of results) {
    const status = r.ok ? "ok  " : "FAIL";
    console.log(`${status} ${r.attr.padEnd(48)} ${String(r.seconds).padStart(5)}s  ${mb(r.closureBytes)}`);
    if (r.error) console.log(r.error.replace(/^/gm, "      "));
  }
  mkdirSync(path.dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
}

function previousReport(): { results: BuildResult[] } | null {
  try {
    return JSON.parse(require("node:fs").readFileSync(REPORT, "utf8"));
  } catch {
    return null;
  }
}

function growth(results: BuildResult[]): string[] {
  // closure size regressions over 10% compared with the last run on this machine
  const prev = previousReport();
  if (!prev) return [];
  const before = new Map(prev.results.map((r) => [r.attr, r.closureBytes ?? 0]));
  const out: string[] = [];
  for (const r of results) {
    const old = before.get(r.attr);
    if (old && r.closureBytes && r.closureBytes > old * 1.1) {
      out.push(`${r.attr}: ${mb(old)} -> ${mb(r.closureBytes)}`);
    }
  }
  return out;
}

function lockAge(): number | null {
  // days since flake.lock last changed in git
  const r = spawnSync("git", ["log", "-1", "--format=%ct", "--", "flake.lock"], { cwd: ROOT, encoding: "utf8" });
  const ts = Number((r.stdout ?? "").trim());
  return ts ? Math.floor((Date.now() / 1000 - ts) / 86400) : null;
}

function substituters(): string {
  const r = nix(["config", "show", "substituters"]);
  return r.status === 0 ? r.stdout.trim() : "(unknown)";
}

function parseArgs(argv: string[]) {
  const i = argv.indexOf("--only");
  return {
    only: i >= 0 ? argv[i + 1] : undefined,
    gcRoots: argv.includes("--gc-roots"),
    skipCheck: argv.includes("--skip-check"),
  };
}

function main(): void {
  const opts = parseArgs([...process.argv.slice(2)]);
  const system = currentSystem();
  console.log(`system ${system}, substituters: ${substituters()}`);
  const age = lockAge();
  if (age !== null && age > 45) console.log(`note: flake.lock is ${age} days old`);
  if (!opts.skipCheck && !flakeCheck()) {
    process.exitCode = 1;
    return;
  }
  let names = packages(system);
  if (opts.only) names = names.filter((n) => n === opts.only);
  if (names.length === 0) throw new Error("no packages to build");
  const results = names.map((n) => build(system, n, opts.gcRoots));
  const grown = growth(results);
  report(results);
  grown.forEach((g) => console.log(`closure grew: ${g}`));
  if (opts.gcRoots) {
    const removed = pruneRoots(new Set(names));
    if (removed.length) console.log(`removed stale result links: ${removed.join(", ")}`);
  }
  if (results.some((res) => !res.ok)) process.exitCode = 1;
}

try {
  main();
} catch (err) {
  console.error(`nix-matrix: ${(err as Error).message}`);
  process.exitCode = 1;
}
