#!/usr/bin/env -S npx tsx
// Make our LilyPond house style available to every score on this machine,
// not just the ones in this repo.
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const SRC = path.join(__dirname, "..", "includes");
const TARGETS = [
  path.join(homedir(), ".local", "share", "lilypond", "house-style"),
  "/usr/share/lilypond/current/ly/house-style",
];

for (const target of TARGETS) {
  try {
    mkdirSync(target, { recursive: true });
    const files = readdirSync(SRC).filter((f) => f.endsWith(".ily"));
    for (const f of files) copyFileSync(path.join(SRC, f), path.join(target, f));
    console.log(`copied ${files.length} include files to ${target}`);
  } catch (err) {
    console.error(`skip ${target}: ${(err as Error).message}`);
  }
}
console.log('use: \\include "house-style/house.ily" (add -I for the user copy)');
