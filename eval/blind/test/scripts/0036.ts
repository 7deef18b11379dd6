// Diagnose "401 Unauthorized" from npm publish: show which registry auth is configured.
import { readFileSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const files = [join(process.cwd(), ".npmrc"), join(homedir(), ".npmrc")];

interface Entry { file: string; key: string; value: string }

function parse(file: string): Entry[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#") && !l.startsWith(";"))
    .map((l) => {
      const i = l.indexOf("=");
      return { file, key: l.slice(0, i).trim(), value: l.slice(i + 1).trim() };
    });
}

const entries = files.flatMap(parse);
const registries = entries.filter((e) => e.key.endsWith("registry"));
const auth = entries.filter((e) => /_authToken|_auth|_password/.test(e.key));

console.log("registries:");
for (const r of registries) console.log(`  ${r.key} = ${r.value}   (${r.file})`);
console.log("auth entries:");
for (const a of auth) console.log(`  ${a.key} = ${a.value}   (${a.file})`);
if (auth.length === 0) console.log("  none: run npm login");
