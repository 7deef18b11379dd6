#!/usr/bin/env -S npx tsx
// Install the orbit CLI shim so it is on PATH for every terminal.
import { chmodSync, copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const BUILT = path.resolve("dist/cli.js");
const TARGETS = [path.join(homedir(), ".local", "bin"), "/usr/local/bin"];

function install(dir: string): string | null {
  try {
    mkdirSync(dir, { recursive: true });
    const libDir = path.join(homedir(), ".local", "lib", "orbit");
    mkdirSync(libDir, { recursive: true });
    copyFileSync(BUILT, path.join(libDir, "cli.js"));
    const shim = path.join(dir, "orbit");
    writeFileSync(shim, `#!/bin/sh\nexec node "${path.join(libDir, "cli.js")}" "$@"\n`);
    chmodSync(shim, 0o755);
    return shim;
  } catch (err) {
    console.warn(`skip ${dir}: ${(err as Error).message}`);
    return null;
  }
}

if (!existsSync(BUILT)) {
  console.error("build first: pnpm build");
  process.exit(1);
}
const installed = TARGETS.map(install).filter(Boolean);
console.log(installed.length ? `installed: ${installed.join(", ")}` : "nothing installed");
