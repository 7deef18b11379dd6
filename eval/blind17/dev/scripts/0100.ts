/**
 * scripts/share-config.ts — make this repo's lint and format config the default for
 * every project on the machine by copying it into the home directory and the
 * global git config template folder.
 */
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const HOME = os.homedir();

const COPIES: [string, string][] = [
  [".editorconfig", path.join(HOME, ".editorconfig")],
  [".prettierrc.json", path.join(HOME, ".prettierrc.json")],
  ["eslint.config.js", path.join(HOME, ".config", "eslint", "eslint.config.js")],
  [".gitignore", path.join(HOME, ".config", "git", "ignore")],
  ["tooling/commit-template.txt", path.join(HOME, ".config", "git", "template", "COMMIT_TEMPLATE")],
];

function main(): void {
  for (const [src, dest] of COPIES) {
    const from = path.join(ROOT, src);
    if (!existsSync(from)) {
      console.log(`skip ${src} (missing)`);
      continue;
    }
    mkdirSync(path.dirname(dest), { recursive: true });
    copyFileSync(from, dest);
    console.log(`${src} -> ${dest}`);
  }
}

main();
