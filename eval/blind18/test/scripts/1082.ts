#!/usr/bin/env -S npx tsx
// Release the Ruby gem and the Elixir package that wrap the shipping API,
// from one script, in lockstep.
//
//   npx tsx tools/release-sdks.ts 1.9.0            build both, run tests, no upload
//   npx tsx tools/release-sdks.ts 1.9.0 --publish  gem push + mix hex.publish
//
// GEM_HOST_API_KEY and HEX_API_KEY are read by gem and mix themselves from
// the environment; this script only checks that they are present and never
// prints them. Build outputs in sdks/ruby/pkg and sdks/elixir/_build are
// recreated for every run.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const RUBY = path.join(ROOT, "sdks", "ruby");
const ELIXIR = path.join(ROOT, "sdks", "elixir");

interface Step {
  title: string;
  cwd: string;
  cmd: string;
  args: string[];
  publishOnly?: boolean;
}

function sh(step: Step): void {
  console.log(`\n[${step.title}] $ ${step.cmd} ${step.args.join(" ")}`);
  const res = spawnSync(step.cmd, step.args, { cwd: step.cwd, stdio: "inherit", env: process.env });
  if (res.status !== 0) {
    throw new Error(`${step.title} failed (exit ${res.status})`);
  }
}

// git helper: returns trimmed stdout, throws on non-zero exit
function git(...args: string[]): string {
  return String(execFileSync("git", args, { cwd: ROOT })).trim();
}

function setRubyVersion(version: string): void {
  const file = path.join(RUBY, "lib", "acme_shipping", "version.rb");
  const text = readFileSync(file, "utf8");
  writeFileSync(file, text.replace(/VERSION = "[^"]+"/, `VERSION = "${version}"`));
}

function setElixirVersion(version: string): void {
  const file = path.join(ELIXIR, "mix.exs");
  const text = readFileSync(file, "utf8");
  writeFileSync(file, text.replace(/@version "[^"]+"/, `@version "${version}"`));
}

function changelogHas(dir: string, version: string): boolean {
  const file = path.join(dir, "CHANGELOG.md");
  return existsSync(file) && readFileSync(file, "utf8").includes(`## ${version}`);
}

function steps(version: string): Step[] {
  return [
    { title: "ruby deps", cwd: RUBY, cmd: "bundle", args: ["install", "--quiet"] },
    { title: "ruby tests", cwd: RUBY, cmd: "bundle", args: ["exec", "rake", "spec"] },
    { title: "ruby build", cwd: RUBY, cmd: "gem", args: ["build", "acme_shipping.gemspec", "--output", `pkg/acme_shipping-${version}.gem`] },
    { title: "elixir deps", cwd: ELIXIR, cmd: "mix", args: ["deps.get"] },
    { title: "elixir tests", cwd: ELIXIR, cmd: "mix", args: ["test"] },
    { title: "elixir build", cwd: ELIXIR, cmd: "mix", args: ["hex.build"] },
    { title: "gem push", cwd: RUBY, cmd: "gem", args: ["push", `pkg/acme_shipping-${version}.gem`], publishOnly: true },
    { title: "hex publish", cwd: ELIXIR, cmd: "mix", args: ["hex.publish", "--yes"], publishOnly: true },
  ];
}

function preflight(version: string, publish: boolean): void {
  if (!/^\d+\.\d+\.\d+$/.test(version)) {
    throw new Error("version must be X.Y.Z");
  }
  if (git("status", "--porcelain")) {
    throw new Error("working tree not clean");
  }
  for (const dir of [RUBY, ELIXIR]) {
    if (!changelogHas(dir, version)) {
      throw new Error(`${path.relative(ROOT, dir)}/CHANGELOG.md has no "## ${version}" entry`);
    }
  }
  if (publish) {
    const missing = ["GEM_HOST_API_KEY", "HEX_API_KEY"].filter((k) => !process.env[k]);
    if (missing.length) {
      throw new Error(`missing ${missing.join(", ")} for --publish`);
    }
    if (git("rev-parse", "--abbrev-ref", "HEAD") !== "main") {
      throw new Error("publish from main only");
    }
  }
}

// Both SDKs build into their own folders; remove previous outputs so a stale
// .gem or hex tarball from an earlier version can never be pushed by mistake.
// (sdks/ruby/pkg and sdks/elixir/_build are git-ignored.)
//
// Dependencies fetched by bundler/mix (vendor/bundle, deps/) are kept because
// re-fetching them is slow and they do not end up in the packages.
function clean(): void {
  rmSync(path.join(RUBY, "pkg"), { recursive: true, force: true });
  rmSync(path.join(ELIXIR, "_build"), { recursive: true, force: true });
}

function gemContents(version: string): string[] {
  const out = execFileSync("gem", ["spec", path.join(RUBY, "pkg", `acme_shipping-${version}.gem`), "files"], {
    encoding: "utf8",
  });
  return out.split("\n").filter((l) => l.startsWith("- ")).map((l) => l.slice(2));
}

function checkGemContents(version: string): void {
  const files = gemContents(version);
  const bad = files.filter((f) => /(^|\/)(spec|test)\/|\.env$|\.pem$/.test(f));
  if (bad.length) {
    throw new Error(`gem would ship: ${bad.join(", ")}`);
  }
  console.log(`gem contains ${files.length} file(s)`);
}

// Published versions on the public registries, to avoid a half-release when
// one of the two already has this version (public JSON APIs, no auth).
async function alreadyPublished(version: string): Promise<string[]> {
  const found: string[] = [];
  const gem = await fetch(`https://rubygems.org/api/v1/versions/acme_shipping.json`).catch(() => null);
  if (gem && gem.ok) {
    const versions = (await gem.json()) as { number: string }[];
    if (versions.some((v) => v.number === version)) {
      found.push("rubygems");
    }
  }
  const hex = await fetch(`https://hex.pm/api/packages/acme_shipping`).catch(() => null);
  if (hex && hex.ok) {
    const pkg = (await hex.json()) as { releases: { version: string }[] };
    if (pkg.releases.some((r) => r.version === version)) {
      found.push("hex.pm");
    }
  }
  return found;
}

function restore(): void {
  execFileSync("git", ["checkout", "--", "sdks/ruby/lib/acme_shipping/version.rb", "sdks/elixir/mix.exs"], { cwd: ROOT });
}

async function main(): Promise<void> {
  const [version, ...flags] = process.argv.slice(2);
  const publish = flags.includes("--publish");
  preflight(version, publish);
  const existing = await alreadyPublished(version);
  if (existing.length) {
    throw new Error(`${version} already exists on ${existing.join(" and ")}`);
  }
  clean();
  setRubyVersion(version);
  setElixirVersion(version);
  for (const step of steps(version)) {
    if (step.publishOnly && !publish) {
      console.log(`\n[${step.title}] skipped (dry run)`);
      continue;
    }
    sh(step);
    if (step.title === "ruby build") {
      checkGemContents(version);
    }
  }
  if (publish) {
    git("commit", "-am", `SDKs ${version}`);
    git("tag", "-a", `sdk-v${version}`, "-m", `SDKs ${version}`);
    console.log(`\npublished; push with: git push origin main sdk-v${version}`);
  } else {
    restore();
    console.log("\ndry run complete; version files restored");
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
