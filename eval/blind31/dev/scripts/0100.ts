#!/usr/bin/env -S npx tsx
// install-mutt-helpers.ts — put the project's notmuch/mutt helper configs
// where the mail client expects them, for manual testing of the archive search.

import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const HOME = os.homedir();

const FILES: Array<[string, string]> = [
  ["contrib/muttrc.archive", path.join(HOME, ".config", "mutt", "muttrc")],
  ["contrib/notmuch-config", path.join(HOME, ".notmuch-config")],
  ["contrib/mailcap", path.join(HOME, ".mailcap")],
];

function main(): void {
  for (const [src, dest] of FILES) {
    const from = path.join(ROOT, src);
    if (!existsSync(from)) {
      console.log(`skip ${src} (missing)`);
      continue;
    }
    mkdirSync(path.dirname(dest), { recursive: true });
    if (existsSync(dest)) copyFileSync(dest, `${dest}.before-archive`);
    const text = readFileSync(from, "utf8").replaceAll("@PROJECT@", ROOT);
    writeFileSync(dest, text);
    console.log(`installed ${dest}`);
  }
  console.log("open the archive with: mutt -F ~/.config/mutt/muttrc");
}

main();
