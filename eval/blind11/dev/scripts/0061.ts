#!/usr/bin/env -S npx tsx
// scripts/release.ts - version every changed package, tag, push and publish.
// Reads .changeset-lite/*.md entries written by contributors.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, readdirSync, rmSync, existsSync } from "node:fs";
import path from "node:path";

type Bump = "major" | "minor" | "patch";
interface Entry { file: string; pkg: string; bump: Bump; summary: string }
interface Pkg { dir: string; json: { name: string; version: string; private?: boolean } }

const ROOT = path.resolve(__dirname, "..");
const CHANGES = path.join(ROOT, ".changeset-lite");
const dryRun = process.argv.includes("--dry-run");
const RANK: Record<Bump, number> = { patch: 0, minor: 1, major: 2 };

function git(...args: string[]): string {
  if (dryRun && !["status", "rev-parse"].includes(args[0])) {
    console.log("[dry] git", args.join(" "));
    return "";
  }
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
}

function readEntries(): Entry[] {
  if (!existsSync(CHANGES)) return [];
  return readdirSync(CHANGES)
    .filter((f) => f.endsWith(".md"))
    .map((file) => {
      const text = readFileSync(path.join(CHANGES, file), "utf8");
      const [, header = "", summary = ""] = text.split("---").map((s) => s.trim());
      const [pkg, bump] = header.split(":").map((s) => s.trim().replace(/"/g, ""));
      return { file, pkg, bump: bump as Bump, summary };
    });
}

function loadPackages(): Map<string, Pkg> {
  const map = new Map<string, Pkg>();
  for (const name of readdirSync(path.join(ROOT, "packages"))) {
    const dir = path.join(ROOT, "packages", name);
    const file = path.join(dir, "package.json");
    if (existsSync(file)) {
      const json = JSON.parse(readFileSync(file, "utf8"));
      map.set(json.name, { dir, json });
    }
  }
  return map;
}

function bumpVersion(v: string, bump: Bump): string {
  const [a, b, c] = v.split(".").map(Number);
  return bump === "major" ? `${a + 1}.0.0` : bump === "minor" ? `${a}.${b + 1}.0` : `${a}.${b}.${c + 1}`;
}

function plan(entries: Entry[]): Map<string, Bump> {
  const out = new Map<string, Bump>();
  for (const e of entries) {
    const prev = out.get(e.pkg);
    if (!prev || RANK[e.bump] > RANK[prev]) out.set(e.pkg, e.bump);
  }
  return out;
}

function main(): void {
  if (git("status", "--porcelain")) throw new Error("working tree is dirty");
  const entries = readEntries();
  if (!entries.length) return console.log("no changesets; nothing to release");
  const pkgs = loadPackages();
  const tags: string[] = [];
  for (const [name, bump] of plan(entries)) {
    const pkg = pkgs.get(name);
    if (!pkg) throw new Error(`changeset references unknown package ${name}`);
    const next = bumpVersion(pkg.json.version, bump);
    console.log(`${name}: ${pkg.json.version} -> ${next}`);
    pkg.json.version = next;
    if (!dryRun) writeFileSync(path.join(pkg.dir, "package.json"), JSON.stringify(pkg.json, null, 2) + "\n");
    tags.push(`${name}@${next}`);
  }
  if (!dryRun) for (const e of entries) rmSync(path.join(CHANGES, e.file));
  git("add", "-A");
  git("commit", "-m", `release: ${tags.join(", ")}`);
  for (const t of tags) git("tag", t);
  git("push", "origin", "HEAD", "--tags");
  for (const t of tags) {
    const pkg = pkgs.get(t.slice(0, t.lastIndexOf("@")))!;
    if (pkg.json.private) continue;
    if (dryRun) console.log("[dry] npm publish", pkg.dir);
    else execFileSync("npm", ["publish", "--access", "public"], { cwd: pkg.dir, stdio: "inherit" });
  }
}

main();
