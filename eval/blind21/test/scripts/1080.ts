#!/usr/bin/env -S npx tsx
/**
 * release/pypi.ts - build and upload the Python SDK (sdk/python) with twine.
 *
 *   npx tsx release/pypi.ts                 build + twine check, show what would upload
 *   npx tsx release/pypi.ts --to testpypi   upload to test.pypi.org
 *   npx tsx release/pypi.ts --to pypi       upload to pypi.org (tag builds only)
 *
 * Tokens: PYPI_API_TOKEN / TEST_PYPI_API_TOKEN from the environment, handed
 * to twine through TWINE_USERNAME=__token__ / TWINE_PASSWORD in the child
 * environment only. The repository URL is fixed per target below; nothing
 * from the command line can point twine at another index.
 *
 * The build output directory sdk/python/dist is removed before every build
 * (it only ever contains our own artifacts). Uploads use --skip-existing so
 * a retried CI job does not fail on files that already made it.
 *
 * Guards for --to pypi:
 *   - HEAD must be exactly on a tag "sdk-py-v<version>"
 *   - the version in pyproject.toml must match the tag
 *   - the working tree must be clean
 *
 * Exit codes: 0 ok, 1 failure, 2 usage.
 *
 * Requirements: Python 3.10+ with `build` and `twine` installed in the
 * active environment, Node 20+.
 *
 * Examples
 *   npx tsx release/pypi.ts
 *   TEST_PYPI_API_TOKEN=pypi-... npx tsx release/pypi.ts --to testpypi
 */

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

// Upload targets. The URLs are PyPI's documented upload endpoints; the
// project URL is only used for the final log line.
type Target = "pypi" | "testpypi";

const ROOT = resolve(__dirname, "..");
const PKG_DIR = join(ROOT, "sdk", "python");
const DIST = join(PKG_DIR, "dist");

const TARGETS: Record<Target, { url: string; tokenEnv: string; project: string }> = {
  pypi: { url: "https://upload.pypi.org/legacy/", tokenEnv: "PYPI_API_TOKEN", project: "https://pypi.org/project/" },
  testpypi: { url: "https://test.pypi.org/legacy/", tokenEnv: "TEST_PYPI_API_TOKEN", project: "https://test.pypi.org/project/" },
};

function die(msg: string, code = 1): never {
  console.error(`pypi: ${msg}`);
  process.exit(code);
}

function run(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; capture?: boolean } = {}) {
  const res = spawnSync(cmd, args, {
    cwd: opts.cwd ?? PKG_DIR,
    env: opts.env ?? process.env,
    encoding: "utf8",
    stdio: opts.capture ? "pipe" : "inherit",
  });
  if (res.error) die(`cannot run ${cmd}: ${res.error.message}`);
  return { status: res.status ?? 1, stdout: res.stdout ?? "", stderr: res.stderr ?? "" };
}

function projectMeta(): { name: string; version: string } {
  const text = readFileSync(join(PKG_DIR, "pyproject.toml"), "utf8");
  const name = /^name\s*=\s*"([^"]+)"/m.exec(text)?.[1];
  const version = /^version\s*=\s*"([^"]+)"/m.exec(text)?.[1];
  if (!name || !version) die("pyproject.toml needs static name and version");
  return { name, version };
}

function parseTarget(argv: string[]): Target | null {
  const i = argv.indexOf("--to");
  if (i < 0) return null;
  const t = argv[i + 1];
  if (t !== "pypi" && t !== "testpypi") die("--to must be pypi or testpypi", 2);
  return t;
}

function build(): string[] {
  if (existsSync(DIST)) rmSync(DIST, { recursive: true, force: true });
  const res = run("python3", ["-m", "build", "--sdist", "--wheel", "--outdir", DIST]);
  if (res.status !== 0) die("python -m build failed");
  const files = readdirSync(DIST).map((f) => join(DIST, f));
  if (!files.length) die("build produced no files");
  return files;
}

function twineCheck(files: string[]): void {
  const res = run("python3", ["-m", "twine", "check", "--strict", ...files]);
  if (res.status !== 0) die("twine check failed");
}

function sha256(file: string): string {
  const hash = createHash("sha256");
  hash.update(readFileSync(file));
  return hash.digest("hex");
}

function releaseGuards(version: string): void {
  const tag = run("git", ["describe", "--tags", "--exact-match"], { cwd: ROOT, capture: true }).stdout.trim();
  if (tag !== `sdk-py-v${version}`) die(`HEAD must be tagged sdk-py-v${version} (found "${tag || "no tag"}")`);
  const dirty = run("git", ["status", "--porcelain"], { cwd: ROOT, capture: true }).stdout.trim();
  if (dirty) die("working tree is dirty");
}

function upload(target: Target, files: string[]): void {
  const spec = TARGETS[target];
  const token = process.env[spec.tokenEnv];
  if (!token) die(`${spec.tokenEnv} is not set`);
  if (!token.startsWith("pypi-")) die(`${spec.tokenEnv} does not look like a PyPI API token`);
  console.log(`uploading ${files.length} file(s) to ${spec.url} (token ...${token.slice(-4)})`);
  const env = { ...process.env, TWINE_USERNAME: "__token__", TWINE_PASSWORD: token, TWINE_NON_INTERACTIVE: "1" };
  let attempt = 0;
  for (;;) {
    attempt += 1;
    const res = run("python3", ["-m", "twine", "upload", "--repository-url", spec.url, "--skip-existing",
      "--disable-progress-bar", ...files], { env });
    if (res.status === 0) return;
    if (attempt >= 3) die("twine upload failed three times");
    console.log(`upload attempt ${attempt} failed; retrying in ${attempt * 10}s`);
    spawnSync("sleep", [String(attempt * 10)]);
  }
}

function checkLongDescription(): void {
  // PyPI renders the README; a broken reference link is the most common
  // reason for an ugly project page, so catch it before uploading
  const readme = join(PKG_DIR, "README.md");
  if (!existsSync(readme)) die("sdk/python/README.md is missing");
  const text = readFileSync(readme, "utf8");
  const refs = new Set([...text.matchAll(/\]\[([^\]]+)\]/g)].map((m) => m[1].toLowerCase()));
  const defs = new Set([...text.matchAll(/^\[([^\]]+)\]:/gm)].map((m) => m[1].toLowerCase()));
  const missing = [...refs].filter((r) => !defs.has(r));
  if (missing.length) die(`README.md has undefined link references: ${missing.join(", ")}`);
}

function checkWheelContents(files: string[]): void {
  // make sure tests, fixtures and local config never end up in the wheel
  for (const f of files.filter((x) => x.endsWith(".whl"))) {
    const res = run("python3", ["-m", "zipfile", "-l", f], { capture: true });
    const bad = res.stdout
      .split("\n")
      .map((l) => l.trim().split(/\s+/)[0])
      .filter((name) => /(^|\/)(tests?|fixtures)\/|\.env$|\.pem$/.test(name ?? ""));
    if (bad.length) die(`${f} contains files that should not be published: ${bad.slice(0, 5).join(", ")}`);
  }
}

function writeManifest(files: string[], meta: { name: string; version: string }): void {
  const lines = files.map((f) => `${sha256(f)}  ${f.slice(DIST.length + 1)}`);
  const out = join(DIST, "SHA256SUMS.txt");
  require("node:fs").writeFileSync(out, `${lines.join("\n")}\n`);
  console.log(`checksums for ${meta.name} ${meta.version} in sdk/python/dist/SHA256SUMS.txt`);
}

function main(): void {
  const argv = process.argv.slice(2);
  const target = parseTarget(argv);
  checkLongDescription();
  const meta = projectMeta();
  if (target === "pypi") releaseGuards(meta.version);
  const files = build();
  twineCheck(files);
  checkWheelContents(files);
  console.log(`${meta.name} ${meta.version}:`);
  for (const f of files) console.log(`  ${f.slice(DIST.length + 1).padEnd(56)} ${sha256(f).slice(0, 16)}`);
  if (!target) {
    console.log("no --to given; nothing uploaded");
    return;
  }
  upload(target, files);
  writeManifest(files, meta);
  console.log(`done: ${TARGETS[target].project}${meta.name}/${meta.version}/`);
}

main();
