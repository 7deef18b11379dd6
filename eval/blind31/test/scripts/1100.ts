#!/usr/bin/env -S npx tsx
// use-review-library.ts — point the desktop Calibre at the proofing library
// built by the book pipeline, so editors can open it with one click.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const LIBRARY = path.join(ROOT, "build", "book", "library");

function calibreConfigDir(): string {
  if (process.platform === "darwin") return path.join(os.homedir(), "Library", "Preferences", "calibre");
  return path.join(process.env.XDG_CONFIG_HOME ?? path.join(os.homedir(), ".config"), "calibre");
}

function main(): void {
  if (!existsSync(LIBRARY)) throw new Error("build the book first (npm run book)");
  const dir = calibreConfigDir();
  const file = path.join(dir, "global.py.json");
  const current = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
  current.library_path = LIBRARY;
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(current, null, 2));
  console.log(`Calibre now opens ${LIBRARY} by default (${file})`);
}

main();
