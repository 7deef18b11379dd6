#!/usr/bin/env -S npx tsx
// Regenerate the package table in the root README between the
// <!-- packages:start --> and <!-- packages:end --> markers, from the
// package.json files of apps/* and packages/*.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const README = join(ROOT, "README.md");
const START = "<!-- packages:start -->";
const END = "<!-- packages:end -->";

interface Pkg {
  name: string;
  version: string;
  description?: string;
  private?: boolean;
  dir: string;
}

function collect(area: string): Pkg[] {
  const base = join(ROOT, area);
  if (!existsSync(base)) return [];
  return readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(base, d.name, "package.json"))
    .filter((f) => existsSync(f))
    .map((f) => {
      const json = JSON.parse(readFileSync(f, "utf8")) as Omit<Pkg, "dir">;
      return { ...json, dir: relative(ROOT, join(f, "..")) };
    });
}

const escapeCell = (s: string): string => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

function table(title: string, pkgs: Pkg[]): string {
  if (pkgs.length === 0) return "";
  const rows = pkgs
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((p) => {
      const badge = p.private ? "private" : `\`${p.version}\``;
      return `| [\`${p.name}\`](./${p.dir}) | ${badge} | ${escapeCell(p.description ?? "")} |`;
    });
  return [`### ${title}`, "", "| Package | Version | Description |", "|---|---|---|", ...rows, ""].join("\n");
}

function splice(readme: string, block: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`README.md must contain ${START} and ${END}`);
  }
  return readme.slice(0, start + START.length) + "\n\n" + block + "\n" + readme.slice(end);
}

function summary(apps: Pkg[], packages: Pkg[]): string {
  const published = packages.filter((p) => !p.private).length;
  return [
    `_${apps.length} app(s), ${packages.length} package(s) (${published} published)._`,
    "",
  ].join("\n");
}

function main(): void {
  const check = process.argv.slice(2).includes("--check");
  const apps = collect("apps");
  const packages = collect("packages");
  const block = [summary(apps, packages), table("Apps", apps), table("Packages", packages)]
    .filter(Boolean)
    .join("\n");
  const current = readFileSync(README, "utf8");
  const next = splice(current, block);
  if (current === next) {
    console.log("README package table is up to date");
    return;
  }
  if (check) {
    console.error("README package table is stale; run scripts/readme-packages.ts");
    process.exitCode = 1;
    return;
  }
  writeFileSync(README, next);
  console.log("README package table updated");
}

main();
