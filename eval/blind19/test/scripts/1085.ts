// data/registry.ts - a tiny registry of the team's DVC-tracked datasets.
//
//   npx tsx data/registry.ts ls                       datasets, versions, where they live
//   npx tsx data/registry.ts get NAME [--rev TAG]     `dvc get` a dataset version into data/external/NAME
//   npx tsx data/registry.ts tag NAME VERSION         git tag data/NAME/vVERSION on the current commit
//   npx tsx data/registry.ts verify                   md5 of local copies vs their .dvc files
//   npx tsx data/registry.ts gc-local                 drop local copies not referenced by HEAD (cache only)
//
// Datasets are described in data/registry.yaml. Remote storage is the team
// bucket configured as the DVC remote; nothing here deletes remote data.

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

interface Dataset {
  name: string;
  path: string;
  owner: string;
  description?: string;
  tags?: string[];
}

const ROOT = path.resolve(__dirname, "..");
const REGISTRY = path.join(ROOT, "data", "registry.yaml");
const EXTERNAL = path.join(ROOT, "data", "external");

function sh(cmd: string, args: string[], capture = true): string {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: "utf8", stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit" });
  if (r.status !== 0) throw new Error(`${cmd} ${args.slice(0, 2).join(" ")} failed${capture ? `: ${r.stderr.trim()}` : ""}`);
  return capture ? r.stdout.trim() : "";
}

function datasets(): Dataset[] {
  const doc = parse(readFileSync(REGISTRY, "utf8")) as { datasets: Dataset[] };
  const names = new Set<string>();
  for (const d of doc.datasets) {
    if (names.has(d.name)) throw new Error(`duplicate dataset ${d.name} in registry.yaml`);
    names.add(d.name);
    if (!d.path.startsWith("data/")) throw new Error(`${d.name}: path must be under data/`);
  }
  return doc.datasets;
}

function find(name: string): Dataset {
  const d = datasets().find((entry) => entry.name === name);
  if (!d) throw new Error(`unknown dataset ${name}`);
  return d;
}

function versions(name: string): string[] {
  const tags = sh("git", ["tag", "--list", `data/${name}/v*`, "--sort=-version:refname"]);
  return tags ? tags.split("\n") : [];
}

function dvcFile(d: Dataset): string {
  return path.join(ROOT, `${d.path}.dvc`);
}

function expectedMd5(d: Dataset): string | null {
  const file = dvcFile(d);
  if (!existsSync(file)) return null;
  const m = readFileSync(file, "utf8").match(/md5:\s*([0-9a-f]{32})/);
  return m ? m[1] : null;
}

function md5(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash("md5");
    createReadStream(file)
      .on("data", (c) => h.update(c))
      .on("end", () => resolve(h.digest("hex")))
      .on("error", reject);
  });
}

function ls(): void {
  for (const d of datasets()) {
    const v = versions(d.name);
    const local = existsSync(path.join(ROOT, d.path)) ? "local" : "remote";
    console.log(`${d.name.padEnd(22)} ${(v[0] ?? "untagged").padEnd(26)} ${local.padEnd(7)} ${d.owner}  ${d.description ?? ""}`);
  }
}

function get(name: string, rev?: string): void {
  const d = find(name);
  const target = path.join(EXTERNAL, name);
  rmSync(target, { recursive: true, force: true });
  const args = ["get", ".", d.path, "-o", path.relative(ROOT, target)];
  if (rev) args.push("--rev", rev.startsWith("data/") ? rev : `data/${name}/${rev}`);
  sh("dvc", args, false);
  console.log(`${name}${rev ? `@${rev}` : ""} -> ${path.relative(ROOT, target)}`);
}

function tag(name: string, version: string): void {
  const d = find(name);
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error("version must be MAJOR.MINOR.PATCH");
  if (!existsSync(dvcFile(d))) throw new Error(`${d.path}.dvc not found; dvc add it first`);
  if (sh("git", ["status", "--porcelain", "--", `${d.path}.dvc`])) throw new Error(`${d.path}.dvc is not committed`);
  const t = `data/${name}/v${version}`;
  sh("git", ["tag", "-a", t, "-m", `${name} ${version}`]);
  console.log(`tagged ${t}; push with: git push origin ${t} && dvc push ${d.path}.dvc`);
}

async function verify(): Promise<number> {
  let bad = 0;
  for (const d of datasets()) {
    const local = path.join(ROOT, d.path);
    const want = expectedMd5(d);
    if (!want || !existsSync(local) || statSync(local).isDirectory()) continue;
    const got = await md5(local);
    const ok = got === want;
    if (!ok) bad++;
    console.log(`${ok ? "ok " : "BAD"}  ${d.name}`);
  }
  return bad;
}

function gcLocal(): void {
  // local cache only: objects not referenced by the current workspace
  sh("dvc", ["gc", "--workspace", "--force"], false);
  rmSync(EXTERNAL, { recursive: true, force: true });
  console.log("removed data/external/ and unreferenced cache objects");
}

function describe(name: string): void {
  const d = find(name);
  console.log(`${d.name}\n  path:   ${d.path}\n  owner:  ${d.owner}`);
  if (d.description) console.log(`  about:  ${d.description}`);
  if (d.tags?.length) console.log(`  tags:   ${d.tags.join(", ")}`);
  const v = versions(name);
  console.log(`  versions: ${v.length ? v.slice(0, 5).join(", ") : "none"}`);
}

// du is good enough here; the cache can hold millions of small files.
function cacheSize(): string {
  const out = spawnSync("du", ["-sh", path.join(ROOT, ".dvc", "cache")], { encoding: "utf8" });
  return out.status === 0 ? out.stdout.split("\t")[0] : "?";
}

function owners(): Map<string, string[]> {
  const byOwner = new Map<string, string[]>();
  for (const d of datasets()) byOwner.set(d.owner, [...(byOwner.get(d.owner) ?? []), d.name]);
  return byOwner;
}

async function main(): Promise<void> {
  const [cmd, a, b, ...rest] = process.argv.slice(2);
  switch (cmd) {
    case "ls":
      ls();
      console.log(`local cache: ${cacheSize()}`);
      break;
    case "get": {
      const revIdx = [b, ...rest].indexOf("--rev");
      get(a, revIdx >= 0 ? [b, ...rest][revIdx + 1] : undefined);
      break;
    }
    case "tag":
      tag(a, b);
      break;
    case "verify":
      process.exitCode = (await verify()) ? 1 : 0;
      break;
    case "gc-local":
      gcLocal();
      break;
    case "describe":
      describe(a);
      break;
    case "owners":
      for (const [owner, names] of owners()) console.log(`${owner}: ${names.join(", ")}`);
      break;
    default:
      console.log("usage: registry.ts ls | get NAME [--rev TAG] | tag NAME VERSION | verify | gc-local | owners");
      process.exitCode = cmd ? 2 : 0;
  }
}

main().catch((err: Error) => {
  console.error(`registry: ${err.message}`);
  process.exitCode = 1;
});
