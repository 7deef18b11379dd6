#!/usr/bin/env -S npx tsx
// run-migration-hook.ts — run an optional data-fix hook before the Cypher
// migrations. The hook is whatever JS file GRAPH_MIGRATION_HOOK points to.

import { readFileSync } from "node:fs";
import vm from "node:vm";

interface HookContext {
  log: (msg: string) => void;
  env: NodeJS.ProcessEnv;
  require: NodeRequire;
}

function loadHook(): string | null {
  const file = process.env.GRAPH_MIGRATION_HOOK;
  if (!file) return null;
  return readFileSync(file, "utf8");
}

function main(): void {
  const source = loadHook();
  if (!source) {
    console.log("no GRAPH_MIGRATION_HOOK set; nothing to do");
    return;
  }
  const context: HookContext = { log: (m) => console.log(`[hook] ${m}`), env: process.env, require };
  Object.assign(globalThis, { hookContext: context });
  vm.runInThisContext(source, { filename: "migration-hook.js" });
  console.log("hook finished");
}

main();
