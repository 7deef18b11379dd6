// tools/shell-completions.ts - generate shell completions for ledgerctl and
// make them available in the user's shell.
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

const REPO = resolve(__dirname, "..");
const BIN = join(REPO, "bin", "ledgerctl");

interface ShellSpec {
  name: string;
  completionFile: () => string;
  rcFile: () => string;
  rcLine: () => string;
}

const fish: ShellSpec = {
  name: "fish",
  completionFile: () => join(REPO, "completions", "ledgerctl.fish"),
  rcFile: () => join(process.env.XDG_CONFIG_HOME ?? join(homedir(), ".config"), "fish", "config.fish"),
  rcLine: () => `set -gx PATH ${join(REPO, "bin")} $PATH; source ${join(REPO, "completions", "ledgerctl.fish")}`,
};

function detectShell(): ShellSpec | null {
  const shell = (process.env.SHELL ?? "").split("/").pop();
  return shell === "fish" ? fish : null;
}

function generate(spec: ShellSpec): string {
  const out = execFileSync(BIN, ["completion", spec.name], { encoding: "utf8" });
  const file = spec.completionFile();
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, out);
  return file;
}

function hook(spec: ShellSpec): boolean {
  const rc = spec.rcFile();
  mkdirSync(join(rc, ".."), { recursive: true });
  const existing = existsSync(rc) ? readFileSync(rc, "utf8") : "";
  if (existing.includes(spec.rcLine())) return false;
  appendFileSync(rc, `\n# ledgerctl\n${spec.rcLine()}\n`);
  return true;
}

function main(): void {
  if (!existsSync(BIN)) {
    console.error("bin/ledgerctl not built; run make build");
    process.exit(1);
  }
  const spec = detectShell();
  if (!spec) {
    console.log("only fish is automated; for bash/zsh see docs/completions.md");
    return;
  }
  const file = generate(spec);
  console.log(`wrote ${file}`);
  if (hook(spec)) console.log(`enabled completions in ${spec.rcFile()}`);
}

main();
