#!/usr/bin/env -S npx tsx
// Multi-arch image build with docker buildx bake, then SBOM + vulnerability
// gate + signature, driven by deploy/bake-targets.json.
//
//   npx tsx deploy/bake.ts                 build all targets locally (--load for host arch)
//   npx tsx deploy/bake.ts --push          push, then sign with COSIGN_KEY (path) and attest
//   npx tsx deploy/bake.ts --target api    one target only
//
// argv for every tool is assembled from the JSON config; nothing goes
// through a shell. COSIGN_PASSWORD is read by cosign from the environment.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const CONFIG = path.join(ROOT, "deploy", "bake-targets.json");
const OUT = path.join(ROOT, "dist", "bake");

interface Target {
  name: string;
  image: string;
  dockerfile: string;
  context: string;
  platforms: string[];
  failOn: "critical" | "high" | "medium";
}

interface Options {
  push: boolean;
  only: string | null;
}

function options(): Options {
  const argv = process.argv.slice(2);
  return {
    push: argv.includes("--push"),
    only: argv.includes("--target") ? argv[argv.indexOf("--target") + 1] : null,
  };
}

function run(cmd: string, args: string[], capture = false): string {
  console.log(`$ ${cmd} ${args.join(" ")}`);
  return execFileSync(cmd, args, { cwd: ROOT, encoding: "utf8", stdio: capture ? ["ignore", "pipe", "inherit"] : "inherit" }) ?? "";
}

function gitSha(): string {
  return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
}

function bakeFile(targets: Target[], tag: string, push: boolean): string {
  const file = path.join(OUT, "docker-bake.json");
  const bake = {
    group: { default: { targets: targets.map((t) => t.name) } },
    target: Object.fromEntries(
      targets.map((t) => [
        t.name,
        {
          context: t.context,
          dockerfile: t.dockerfile,
          platforms: push ? t.platforms : undefined,
          tags: [`${t.image}:${tag}`],
          labels: { "org.opencontainers.image.revision": tag, "com.acme.project": "shipping" },
          "cache-from": [`type=local,src=${path.join(ROOT, ".cache", "bake", t.name)}`],
          "cache-to": [`type=local,dest=${path.join(ROOT, ".cache", "bake", t.name)},mode=max`],
        },
      ]),
    ),
  };
  writeFileSync(file, JSON.stringify(bake, null, 2));
  return file;
}

function digestOf(metadata: Record<string, Record<string, string>>, target: string): string | null {
  return metadata[target]?.["containerimage.digest"] ?? null;
}

function sbomAndScan(t: Target, ref: string): void {
  const sbom = path.join(OUT, `${t.name}.spdx.json`);
  run("syft", [ref, "-q", "-o", `spdx-json=${sbom}`]);
  run("grype", [`sbom:${sbom}`, "--fail-on", t.failOn, "-o", "table"]);
}

function sign(ref: string, sbom: string): void {
  const key = process.env.COSIGN_KEY;
  if (!key || !existsSync(key)) {
    console.log("COSIGN_KEY not set or missing; CI signs keyless instead");
    return;
  }
  run("cosign", ["sign", "--yes", "--key", key, ref]);
  run("cosign", ["attest", "--yes", "--key", key, "--type", "spdxjson", "--predicate", sbom, ref]);
  run("cosign", ["verify", "--key", path.join(ROOT, "deploy", "cosign.pub"), ref], true);
}

function loadTargets(only: string | null): Target[] {
  const all = JSON.parse(readFileSync(CONFIG, "utf8")) as Target[];
  const chosen = only ? all.filter((t) => t.name === only) : all;
  if (!chosen.length) {
    throw new Error(`no target named ${only}`);
  }
  return chosen;
}

function summary(rows: { target: string; ref: string }[]): void {
  const file = path.join(OUT, "summary.json");
  writeFileSync(file, JSON.stringify(rows, null, 2) + "\n");
  console.log("\nbuilt:");
  for (const r of rows) {
    console.log(`  ${r.target.padEnd(12)} ${r.ref}`);
  }
}

function checkTools(push: boolean): void {
  const tools = ["docker", "syft", "grype", ...(push ? ["cosign"] : [])];
  for (const tool of tools) {
    try {
      execFileSync(tool, ["version"], { stdio: "ignore" });
    } catch {
      throw new Error(`${tool} is not installed`);
    }
  }
}

// The bake cache under .cache/bake grows with every build; keep it bounded by
// removing per-target caches of targets that no longer exist in the config.
function pruneCaches(targets: Target[]): void {
  const cacheRoot = path.join(ROOT, ".cache", "bake");
  if (!existsSync(cacheRoot)) {
    return;
  }
  const names = new Set(targets.map((t) => t.name));
  const all = JSON.parse(readFileSync(CONFIG, "utf8")) as Target[];
  const known = new Set(all.map((t) => t.name));
  for (const entry of require("node:fs").readdirSync(cacheRoot) as string[]) {
    if (!known.has(entry) && !names.has(entry)) {
      rmSync(path.join(cacheRoot, entry), { recursive: true, force: true });
      console.log(`removed stale bake cache ${entry}`);
    }
  }
}

function ensureBuilder(): void {
  // bake with multiple platforms needs the docker-container driver
  try {
    execFileSync("docker", ["buildx", "inspect", "acme-bake"], { stdio: "ignore" });
  } catch {
    run("docker", ["buildx", "create", "--name", "acme-bake", "--driver", "docker-container", "--use"]);
  }
}

function main(): void {
  const opts = options();
  ensureBuilder();
  checkTools(opts.push);
  const targets = loadTargets(opts.only);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const tag = gitSha();
  const file = bakeFile(targets, tag, opts.push);
  const metadataFile = path.join(OUT, "metadata.json");
  const args = ["buildx", "bake", "-f", file, "--metadata-file", metadataFile, opts.push ? "--push" : "--load"];
  run("docker", args);
  const metadata = JSON.parse(readFileSync(metadataFile, "utf8")) as Record<string, Record<string, string>>;
  const rows: { target: string; ref: string }[] = [];
  for (const t of targets) {
    const digest = digestOf(metadata, t.name);
    const ref = opts.push && digest ? `${t.image}@${digest}` : `${t.image}:${tag}`;
    sbomAndScan(t, opts.push ? ref : `docker:${t.image}:${tag}`);
    if (opts.push && digest) {
      sign(ref, path.join(OUT, `${t.name}.spdx.json`));
    }
    rows.push({ target: t.name, ref });
  }
  summary(rows);
  pruneCaches(targets);
}

try {
  main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
