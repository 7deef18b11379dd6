/**
 * scripts/tauri-release.ts — build, sign and describe a release of the `Driftwood`
 * Tauri app, and optionally publish it to the GitHub release of the current tag.
 *
 *   tsx scripts/tauri-release.ts                build for this platform
 *   tsx scripts/tauri-release.ts --publish      also upload assets + latest.json
 *
 * Updater signatures are produced by `tauri build` itself from
 * TAURI_SIGNING_PRIVATE_KEY / TAURI_SIGNING_PRIVATE_KEY_PASSWORD in the
 * environment (never read from disk by this script). Publishing uses GH_TOKEN
 * against api.github.com / uploads.github.com only.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const TAURI_DIR = path.join(ROOT, "src-tauri");
const BUNDLE_DIR = path.join(TAURI_DIR, "target", "release", "bundle");
const API = "https://api.github.com";
const UPLOADS = "https://uploads.github.com";

interface TauriConf {
  productName: string;
  version: string;
  identifier: string;
}

interface Artifact {
  file: string;
  platform: string;
  signature?: string;
}

const PLATFORM_KEYS: Record<string, { dir: string; ext: string; key: string }[]> = {
  darwin: [{ dir: "macos", ext: ".app.tar.gz", key: `darwin-${process.arch === "arm64" ? "aarch64" : "x86_64"}` }],
  linux: [{ dir: "appimage", ext: ".AppImage", key: "linux-x86_64" }],
  win32: [{ dir: "nsis", ext: "-setup.exe", key: "windows-x86_64" }],
};

function sh(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  console.log(`$ ${cmd} ${args.join(" ")}`);
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", env });
  if (res.status !== 0) throw new Error(`${cmd} ${args[0]} failed (${res.status})`);
}

function out(cmd: string, args: string[]): string {
  const res = spawnSync(cmd, args, { cwd: ROOT, encoding: "utf8" });
  return res.status === 0 ? res.stdout.trim() : "";
}

function readConf(): TauriConf {
  return JSON.parse(readFileSync(path.join(TAURI_DIR, "tauri.conf.json"), "utf8")) as TauriConf;
}

function checkVersionsAgree(conf: TauriConf): void {
  // package.json and tauri.conf.json must carry the same version
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  if (pkg.version !== conf.version) {
    throw new Error(`package.json ${pkg.version} != tauri.conf.json ${conf.version}`);
  }
}

function checkSigningEnv(): void {
  if (!process.env.TAURI_SIGNING_PRIVATE_KEY) {
    console.warn("TAURI_SIGNING_PRIVATE_KEY not set: updater artifacts will be unsigned");
  }
}

function build(): void {
  rmSync(BUNDLE_DIR, { recursive: true, force: true });
  sh("pnpm", ["install", "--frozen-lockfile"]);
  sh("pnpm", ["tauri", "build"]);
}

function collect(): Artifact[] {
  const specs = PLATFORM_KEYS[process.platform] ?? [];
  const found: Artifact[] = [];
  for (const spec of specs) {
    const dir = path.join(BUNDLE_DIR, spec.dir);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (!name.endsWith(spec.ext)) continue;
      const file = path.join(dir, name);
      const sigFile = `${file}.sig`;
      found.push({
        file,
        platform: spec.key,
        signature: existsSync(sigFile) ? readFileSync(sigFile, "utf8").trim() : undefined,
      });
    }
  }
  return found;
}

function sha256(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

function repoSlug(): string {
  const url = out("git", ["remote", "get-url", "origin"]);
  const m = /github\.com[:/](.+?)(?:\.git)?$/.exec(url);
  if (!m) throw new Error(`origin is not on GitHub: ${url}`);
  return m[1];
}

function updaterManifest(conf: TauriConf, artifacts: Artifact[], slug: string): string {
  const platforms: Record<string, { signature: string; url: string }> = {};
  for (const a of artifacts) {
    if (!a.signature) continue;
    platforms[a.platform] = {
      signature: a.signature,
      url: `https://github.com/${slug}/releases/download/v${conf.version}/${encodeURIComponent(path.basename(a.file))}`,
    };
  }
  return JSON.stringify(
    { version: conf.version, notes: `Driftwood ${conf.version}`, pub_date: new Date().toISOString(), platforms },
    null,
    2,
  );
}

async function gh<T>(method: string, url: string, body?: Buffer | string, type?: string): Promise<T> {
  const token = process.env.GH_TOKEN;
  if (!token) throw new Error("GH_TOKEN is required for --publish");
  const res = await fetch(url, {
    method,
    body,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/vnd.github+json",
      ...(type ? { "Content-Type": type } : {}),
    },
  });
  if (!res.ok) throw new Error(`${method} ${url} -> ${res.status}`);
  return (await res.json()) as T;
}

async function publish(conf: TauriConf, files: string[], slug: string): Promise<void> {
  const tag = out("git", ["describe", "--tags", "--exact-match"]);
  if (tag !== `v${conf.version}`) throw new Error(`HEAD tag "${tag}" does not match v${conf.version}`);
  const release = await gh<{ id: number; assets: { name: string }[] }>("GET", `${API}/repos/${slug}/releases/tags/${tag}`);
  const have = new Set(release.assets.map((a) => a.name));
  for (const f of files) {
    const name = path.basename(f);
    if (have.has(name)) {
      console.log(`skip ${name}`);
      continue;
    }
    await gh("POST", `${UPLOADS}/repos/${slug}/releases/${release.id}/assets?name=${encodeURIComponent(name)}`,
      readFileSync(f), "application/octet-stream");
    console.log(`uploaded ${name} (${(statSync(f).size / 1048576).toFixed(1)} MiB)`);
  }
}

async function main(): Promise<void> {
  const publishFlag = process.argv.includes("--publish");
  const conf = readConf();
  console.log(`${conf.productName} ${conf.version} (${conf.identifier})`);
  if (publishFlag && out("git", ["status", "--porcelain"])) throw new Error("dirty tree; refusing to publish");
  checkVersionsAgree(conf);
  checkSigningEnv();
  build();
  const artifacts = collect();
  if (!artifacts.length) throw new Error("no bundles found");
  const sums = artifacts.map((a) => `${sha256(a.file)}  ${path.basename(a.file)}`).join("\n") + "\n";
  const sumsFile = path.join(BUNDLE_DIR, "SHA256SUMS.txt");
  writeFileSync(sumsFile, sums);
  console.log(sums);
  const slug = repoSlug();
  const latest = path.join(BUNDLE_DIR, "latest.json");
  writeFileSync(latest, updaterManifest(conf, artifacts, slug));
  if (publishFlag) {
    await publish(conf, [...artifacts.map((a) => a.file), ...artifacts.filter((a) => a.signature).map((a) => `${a.file}.sig`), sumsFile, latest], slug);
  } else {
    console.log("bundles ready; pass --publish to upload them to the GitHub release");
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
