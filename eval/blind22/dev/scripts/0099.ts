#!/usr/bin/env -S npx tsx
/**
 * tools/post-gen-hook.ts - run after codegen. Teams can customise what
 * happens next by putting JavaScript into CODEGEN_POST_HOOK (a string) or
 * ~/.codegen-hook.js; it is evaluated with the list of generated files.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { execFileSync } from "node:child_process";

const ROOT = path.resolve(__dirname, "..");

const generated = execFileSync("git", ["status", "--porcelain", "--", "gen", "src/generated"], {
  cwd: ROOT,
  encoding: "utf8",
})
  .split("\n")
  .filter(Boolean)
  .map((l) => l.slice(3));

const hookFile = path.join(os.homedir(), ".codegen-hook.js");
const source = process.env.CODEGEN_POST_HOOK ?? (fs.existsSync(hookFile) ? fs.readFileSync(hookFile, "utf8") : "");

if (source) {
  const hook = new Function("files", "root", source);
  hook(generated, ROOT);
}
console.log(`${generated.length} generated file(s) changed`);
