#!/usr/bin/env -S npx tsx
// scripts/podman-build.ts - rootless multi-arch image build with podman.
//
//   npx tsx scripts/podman-build.ts                     build for the host arch
//   npx tsx scripts/podman-build.ts --arch amd64,arm64  build a manifest list
//   npx tsx scripts/podman-build.ts --push              push to the registry in image.json
//
// Runs as the invoking user (never root). Registry credentials are taken
// from REGISTRY_USER / REGISTRY_PASSWORD and given to `podman login` on
// stdin for the configured registry only; the auth file lives in a temp dir
// that is removed on exit, so nothing is added to ~/.config/containers.

import { spawnSync, SpawnSyncOptions } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

interface ImageConfig {
  name: string;
  registry: string;
  containerfile: string;
  buildArgs?: Record<string, string>;
}

const ROOT = resolve(__dirname, "..");
const argv = process.argv.slice(2);
const PUSH = argv.includes("--push");
const ARCHES = (argv[argv.indexOf("--arch") + 1] && argv.includes("--arch")
  ? argv[argv.indexOf("--arch") + 1]
  : hostArch()).split(",");

const tempDirs: string[] = [];
const builtImages: string[] = [];

function hostArch(): string {
  return process.arch === "x64" ? "amd64" : process.arch;
}

function die(msg: string): never {
  console.error(`podman-build: ${msg}`);
  cleanup();
  process.exit(1);
}

function cleanup(): void {
  for (const d of tempDirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

process.on("exit", cleanup);
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    cleanup();
    process.exit(sig === "SIGINT" ? 130 : 143);
  });
}

function podman(args: string[], opts: SpawnSyncOptions = {}) {
  const res = spawnSync("podman", args, { encoding: "utf8", stdio: ["pipe", "inherit", "inherit"], ...opts });
  if (res.error) die(`podman: ${res.error.message}`);
  return res;
}

function loadConfig(): ImageConfig {
  const cfg = JSON.parse(readFileSync(join(ROOT, "image.json"), "utf8")) as ImageConfig;
  if (!/^[a-z0-9.-]+(:\d+)?(\/[a-z0-9._-]+)+$/.test(`${cfg.registry}/${cfg.name}`)) die("bad registry/name in image.json");
  if (!existsSync(join(ROOT, cfg.containerfile))) die(`${cfg.containerfile} not found`);
  return cfg;
}

function gitTag(): string {
  const sha = spawnSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim();
  const dirty = spawnSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8" }).stdout.trim() !== "";
  return dirty ? `${sha}-dirty` : sha;
}

function preflight(): void {
  if (process.getuid?.() === 0) die("run as your own user; this build is rootless");
  const info = spawnSync("podman", ["info", "--format", "{{.Host.Security.Rootless}}"], { encoding: "utf8" });
  if (info.status !== 0) die("podman is not installed or not working");
  if (info.stdout.trim() !== "true") die("podman is not running rootless");
  if (ARCHES.some((a) => a !== hostArch())) {
    const qemu = spawnSync("sh", ["-c", "ls /proc/sys/fs/binfmt_misc/ | grep -q qemu"], { encoding: "utf8" });
    if (qemu.status !== 0) die("cross-arch build needs qemu-user-static binfmt handlers");
  }
}

function buildArch(cfg: ImageConfig, tag: string, arch: string): string {
  const ref = `localhost/${cfg.name}:${tag}-${arch}`;
  const args = ["build", "--platform", `linux/${arch}`, "-f", cfg.containerfile, "-t", ref,
    "--label", `org.opencontainers.image.revision=${tag}`, "--layers", "--pull=newer"];
  for (const [k, v] of Object.entries(cfg.buildArgs ?? {})) args.push("--build-arg", `${k}=${v}`);
  args.push(".");
  console.log(`==> building ${ref}`);
  const res = podman(args, { cwd: ROOT });
  if (res.status !== 0) die(`build failed for ${arch}`);
  builtImages.push(ref);
  return ref;
}

function manifest(cfg: ImageConfig, tag: string, refs: string[]): string {
  const list = `localhost/${cfg.name}:${tag}`;
  podman(["manifest", "rm", list], { stdio: "ignore" });
  if (podman(["manifest", "create", list]).status !== 0) die("manifest create failed");
  for (const r of refs) {
    if (podman(["manifest", "add", list, `containers-storage:${r}`]).status !== 0) die(`manifest add ${r} failed`);
  }
  return list;
}

function login(cfg: ImageConfig): string {
  const user = process.env.REGISTRY_USER;
  const password = process.env.REGISTRY_PASSWORD;
  if (!user || !password) die("--push needs REGISTRY_USER and REGISTRY_PASSWORD");
  const dir = mkdtempSync(join(tmpdir(), "podman-auth-"));
  tempDirs.push(dir);
  const authfile = join(dir, "auth.json");
  const host = cfg.registry.split("/")[0];
  const res = podman(["login", "--authfile", authfile, "--username", user, "--password-stdin", host], {
    input: password,
    stdio: ["pipe", "inherit", "inherit"],
  });
  if (res.status !== 0) die(`login to ${host} failed`);
  console.log(`logged in to ${host} as ${user} (password ...${password.slice(-4)})`);
  return authfile;
}

function push(cfg: ImageConfig, tag: string, local: string, isList: boolean): void {
  const authfile = login(cfg);
  const remote = `docker://${cfg.registry}/${cfg.name}:${tag}`;
  const args = isList
    ? ["manifest", "push", "--all", "--authfile", authfile, local, remote]
    : ["push", "--authfile", authfile, local, remote];
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (podman(args).status === 0) {
      console.log(`pushed ${cfg.registry}/${cfg.name}:${tag}`);
      return;
    }
    spawnSync("sleep", [String(attempt * 5)]);
  }
  die("push failed after 3 attempts");
}

function inspectSize(ref: string): number {
  const res = spawnSync("podman", ["image", "inspect", "--format", "{{.Size}}", ref], { encoding: "utf8" });
  return res.status === 0 ? Number(res.stdout.trim()) : 0;
}

function pruneOldLocal(cfg: ImageConfig, keep = 5): void {
  // drop older local builds of this image only; other images are untouched
  const res = spawnSync("podman", ["images", "--format", "{{.Repository}}:{{.Tag}} {{.Created}}",
    "--filter", `reference=localhost/${cfg.name}`], { encoding: "utf8" });
  if (res.status !== 0) return;
  const refs = res.stdout.split("\n").filter(Boolean).map((l) => l.split(" ")[0]);
  for (const ref of refs.slice(keep * ARCHES.length + 1)) {
    if (!ref.startsWith(`localhost/${cfg.name}:`)) continue;
    spawnSync("podman", ["rmi", ref], { stdio: "ignore" });
    console.log(`removed old local image ${ref}`);
  }
}

function writeMetadata(cfg: ImageConfig, tag: string): void {
  const out = join(ROOT, "build");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "image.json"), JSON.stringify({ name: cfg.name, tag, arches: ARCHES, pushed: PUSH }, null, 2));
}

function main(): void {
  preflight();
  const cfg = loadConfig();
  const tag = gitTag();
  if (PUSH && tag.endsWith("-dirty")) die("refusing to push an image built from uncommitted changes");
  const refs = ARCHES.map((arch) => buildArch(cfg, tag, arch));
  const isList = refs.length > 1;
  const local = isList ? manifest(cfg, tag, refs) : refs[0];
  if (!isList) podman(["tag", refs[0], `localhost/${cfg.name}:${tag}`]);
  if (PUSH) push(cfg, tag, local, isList);
  writeMetadata(cfg, tag);
  for (const ref of builtImages) console.log(`  ${ref}  ${(inspectSize(ref) / 1048576).toFixed(0)} MiB`);
  pruneOldLocal(cfg);
  console.log(`built ${builtImages.length} image(s)`);
}

main();
