/**
 * scripts/build-wasm.ts — build the Rust crates under crates/ to WebAssembly and
 * wire them into the Vite app.
 *
 * For each crate in CRATES: `wasm-pack build --target web --release`, optional
 * `wasm-opt -Oz`, then copy pkg/ into web/src/wasm/<name>/ and record sizes in
 * web/src/wasm/sizes.json (checked in CI to catch size regressions).
 *
 *   tsx scripts/build-wasm.ts                 all crates, release
 *   tsx scripts/build-wasm.ts --dev geo       one crate, debug build
 *   tsx scripts/build-wasm.ts --clean         remove pkg/ dirs and web/src/wasm
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const CRATES_DIR = path.join(ROOT, "crates");
const WEB_WASM = path.join(ROOT, "web", "src", "wasm");
const SIZES_FILE = path.join(WEB_WASM, "sizes.json");

interface CrateSpec {
  name: string;
  features?: string[];
  optimize: boolean;
  budgetKb: number;
}

const CRATES: CrateSpec[] = [
  { name: "geo", optimize: true, budgetKb: 180 },
  { name: "tiles", features: ["simd"], optimize: true, budgetKb: 420 },
  { name: "search", optimize: true, budgetKb: 260 },
  { name: "debug-overlay", optimize: false, budgetKb: 900 },
];

interface Args {
  dev: boolean;
  clean: boolean;
  only: Set<string>;
  skipOpt: boolean;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { dev: false, clean: false, only: new Set(), skipOpt: false };
  for (const x of argv) {
    if (x === "--dev") a.dev = true;
    else if (x === "--clean") a.clean = true;
    else if (x === "--no-opt") a.skipOpt = true;
    else if (x.startsWith("-")) throw new Error(`unknown flag ${x}`);
    else a.only.add(x);
  }
  return a;
}

function have(bin: string): boolean {
  return spawnSync(bin, ["--version"], { stdio: "ignore" }).status === 0;
}

function run(cmd: string, args: string[], cwd = ROOT): void {
  console.log(`$ ${cmd} ${args.join(" ")}`);
  const res = spawnSync(cmd, args, { cwd, stdio: "inherit" });
  if (res.status !== 0) throw new Error(`${cmd} failed in ${path.relative(ROOT, cwd) || "."}`);
}

function crateDir(name: string): string {
  const dir = path.join(CRATES_DIR, name);
  if (!existsSync(path.join(dir, "Cargo.toml"))) throw new Error(`crates/${name} has no Cargo.toml`);
  return dir;
}

function buildCrate(spec: CrateSpec, args: Args): string {
  const dir = crateDir(spec.name);
  const wpArgs = ["build", "--target", "web", args.dev ? "--dev" : "--release", "--out-dir", "pkg", "--out-name", spec.name];
  if (spec.features?.length) wpArgs.push("--", "--features", spec.features.join(","));
  run("wasm-pack", wpArgs, dir);
  return path.join(dir, "pkg");
}

function optimize(pkgDir: string, spec: CrateSpec, args: Args): void {
  if (args.dev || args.skipOpt || !spec.optimize) return;
  if (!have("wasm-opt")) {
    console.warn("wasm-opt not found (binaryen); skipping size optimisation");
    return;
  }
  const wasm = path.join(pkgDir, `${spec.name}_bg.wasm`);
  const tmp = `${wasm}.opt`;
  const features = spec.features?.includes("simd") ? ["--enable-simd"] : [];
  run("wasm-opt", ["-Oz", "--strip-debug", ...features, "-o", tmp, wasm]);
  rmSync(wasm);
  cpSync(tmp, wasm);
  rmSync(tmp);
}

function install(pkgDir: string, spec: CrateSpec): void {
  const dest = path.join(WEB_WASM, spec.name);
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  for (const f of readdirSync(pkgDir)) {
    if (f === ".gitignore" || f === "package.json" || f === "README.md") continue;
    cpSync(path.join(pkgDir, f), path.join(dest, f));
  }
}

function measure(spec: CrateSpec): { raw: number; gzip: number } {
  const wasm = path.join(WEB_WASM, spec.name, `${spec.name}_bg.wasm`);
  const buf = readFileSync(wasm);
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
}

function clean(): void {
  for (const spec of CRATES) {
    const pkg = path.join(CRATES_DIR, spec.name, "pkg");
    if (existsSync(pkg)) {
      rmSync(pkg, { recursive: true, force: true });
      console.log(`removed crates/${spec.name}/pkg`);
    }
  }
  for (const spec of CRATES) rmSync(path.join(WEB_WASM, spec.name), { recursive: true, force: true });
  console.log("removed web/src/wasm/<crate> folders");
}

/** Fail early when the wasm32 target is missing from the active toolchain. */
function checkTarget(): void {
  const res = spawnSync("rustup", ["target", "list", "--installed"], { encoding: "utf8" });
  if (res.status !== 0) {
    console.warn("rustup not available; assuming wasm32-unknown-unknown is installed");
    return;
  }
  if (!res.stdout.split("\n").includes("wasm32-unknown-unknown")) {
    throw new Error("missing target: rustup target add wasm32-unknown-unknown");
  }
}

function rustVersion(): string {
  const res = spawnSync("rustc", ["--version"], { encoding: "utf8" });
  return res.status === 0 ? res.stdout.trim() : "rustc (unknown)";
}

function readSizes(): Record<string, { raw: number; gzip: number }> {
  return existsSync(SIZES_FILE) ? JSON.parse(readFileSync(SIZES_FILE, "utf8")) : {};
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  if (args.clean) return clean();
  if (!have("wasm-pack")) throw new Error("wasm-pack is required: cargo install wasm-pack");
  checkTarget();
  console.log(rustVersion());
  const selected = CRATES.filter((c) => !args.only.size || args.only.has(c.name));
  if (!selected.length) throw new Error(`no crate matches ${[...args.only].join(", ")}`);
  mkdirSync(WEB_WASM, { recursive: true });
  const before = readSizes();
  const after = { ...before };
  const over: string[] = [];
  for (const spec of selected) {
    const t0 = Date.now();
    const pkg = buildCrate(spec, args);
    optimize(pkg, spec, args);
    install(pkg, spec);
    const size = measure(spec);
    after[spec.name] = size;
    const prev = before[spec.name]?.gzip;
    const delta = prev ? ` (${size.gzip - prev >= 0 ? "+" : ""}${((size.gzip - prev) / 1024).toFixed(1)} KiB)` : "";
    console.log(`${spec.name}: ${(size.raw / 1024).toFixed(0)} KiB raw, ${(size.gzip / 1024).toFixed(0)} KiB gz${delta} in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
    if (!args.dev && size.gzip / 1024 > spec.budgetKb) over.push(`${spec.name} ${(size.gzip / 1024).toFixed(0)}/${spec.budgetKb} KiB`);
  }
  if (!args.dev) writeFileSync(SIZES_FILE, JSON.stringify(after, null, 2) + "\n");
  if (over.length) {
    console.error(`size budget exceeded: ${over.join(", ")}`);
    process.exitCode = 1;
  }
  const stale = readdirSync(WEB_WASM).filter((d) => statSync(path.join(WEB_WASM, d)).isDirectory() && !CRATES.some((c) => c.name === d));
  for (const d of stale) console.warn(`note: web/src/wasm/${d} has no crate any more`);
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
