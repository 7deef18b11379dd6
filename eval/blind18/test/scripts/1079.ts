#!/usr/bin/env -S npx tsx
// Bump the version of the Kotlin Multiplatform library and its samples.
//
//   npx tsx tools/bump.ts patch|minor|major|X.Y.Z [--commit]
//
// Files rewritten (repository only):
//   gradle.properties               VERSION_NAME=
//   library/build.gradle.kts        version = "..."
//   samples/*/build.gradle.kts      implementation("com.acme:shipping-kmp:...")
//   README.md                       dependency snippets (Gradle + Maven)
//   CHANGELOG.md                    "## Unreleased" -> new heading
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const COORD = "com.acme:shipping-kmp";

type Bump = "patch" | "minor" | "major";

interface Rewrite {
  file: string;
  apply(text: string, from: string, to: string): string;
}

function currentVersion(): string {
  const props = readFileSync(path.join(ROOT, "gradle.properties"), "utf8");
  const m = /^VERSION_NAME=(.+)$/m.exec(props);
  if (!m) {
    throw new Error("VERSION_NAME missing in gradle.properties");
  }
  return m[1].trim();
}

function next(from: string, what: string): string {
  if (/^\d+\.\d+\.\d+$/.test(what)) {
    return what;
  }
  const [maj, min, pat] = from.replace(/-SNAPSHOT$/, "").split(".").map(Number);
  switch (what as Bump) {
    case "major":
      return `${maj + 1}.0.0`;
    case "minor":
      return `${maj}.${min + 1}.0`;
    case "patch":
      return from.endsWith("-SNAPSHOT") ? `${maj}.${min}.${pat}` : `${maj}.${min}.${pat + 1}`;
    default:
      throw new Error(`unknown bump ${what}`);
  }
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const REWRITES: Rewrite[] = [
  {
    file: "gradle.properties",
    apply: (t, _f, to) => t.replace(/^VERSION_NAME=.*$/m, `VERSION_NAME=${to}`),
  },
  {
    file: "library/build.gradle.kts",
    apply: (t, _f, to) => t.replace(/^version\s*=\s*"[^"]+"/m, `version = "${to}"`),
  },
  {
    file: "README.md",
    apply: (t, from, to) =>
      t
        .replace(new RegExp(`${escape(COORD)}:${escape(from)}`, "g"), `${COORD}:${to}`)
        .replace(new RegExp(`<version>${escape(from)}</version>`, "g"), `<version>${to}</version>`),
  },
];

function sampleRewrites(): Rewrite[] {
  const dir = path.join(ROOT, "samples");
  if (!existsSync(dir)) {
    return [];
  }
  return readdirSync(dir)
    .map((name) => path.join("samples", name, "build.gradle.kts"))
    .filter((rel) => existsSync(path.join(ROOT, rel)))
    .map((rel) => ({
      file: rel,
      apply: (t: string, _f: string, to: string) =>
        t.replace(new RegExp(`("${escape(COORD)}:)[^"]+(")`, "g"), `$1${to}$2`),
    }));
}

function changelog(to: string): Rewrite {
  return {
    file: "CHANGELOG.md",
    apply: (t) => {
      if (!t.includes("## Unreleased")) {
        throw new Error("CHANGELOG.md has no '## Unreleased' section");
      }
      const date = new Date().toISOString().split("T")[0];
      return t.replace("## Unreleased", `## Unreleased\n\n## ${to} (${date})`);
    },
  };
}

function git(...args: string[]): string {
  return String(execFileSync("git", args, { cwd: ROOT })).trim();
}

function verifyBuild(): void {
  execFileSync("./gradlew", ["-q", ":library:compileKotlinJvm", ":library:jvmTest"], { cwd: ROOT, stdio: "inherit" });
}

function apiCheck(): void {
  // binary-compatibility-validator: fails if the public API changed without an .api update
  try {
    execFileSync("./gradlew", ["-q", "apiCheck"], { cwd: ROOT, stdio: "inherit" });
  } catch {
    console.warn("apiCheck failed: run ./gradlew apiDump and review the .api diff");
    throw new Error("public API changed");
  }
}

// Show which files mention the old version but were not rewritten, so
// nothing is forgotten (docs pages, sample READMEs, etc.).
function leftovers(from: string, touched: string[]): string[] {
  let out = "";
  try {
    out = execFileSync("git", ["grep", "-l", "-F", `${COORD}:${from}`], { cwd: ROOT, encoding: "utf8" });
  } catch {
    return []; // git grep exits 1 when nothing matches
  }
  return out
    .split("\n")
    .filter(Boolean)
    .filter((f) => !touched.includes(f));
}

function main(): void {
  const [what, ...flags] = process.argv.slice(2);
  if (!what) {
    console.error("usage: bump.ts patch|minor|major|X.Y.Z [--commit] [--skip-build]");
    process.exit(2);
  }
  if (git("status", "--porcelain")) {
    throw new Error("working tree not clean");
  }
  const from = currentVersion();
  const to = next(from, what);
  console.log(`${from} -> ${to}`);
  const rewrites = [...REWRITES, ...sampleRewrites(), changelog(to)];
  const touched: string[] = [];
  for (const r of rewrites) {
    const file = path.join(ROOT, r.file);
    if (!existsSync(file)) {
      continue;
    }
    const before = readFileSync(file, "utf8");
    const after = r.apply(before, from, to);
    if (after !== before) {
      writeFileSync(file, after);
      touched.push(r.file);
      console.log(`  updated ${r.file}`);
    }
  }
  const missed = leftovers(from, touched);
  if (missed.length) {
    console.log(`still mentioning ${from}: ${missed.join(", ")}`);
  }
  if (!flags.includes("--skip-build")) {
    verifyBuild();
    apiCheck();
  }
  if (flags.includes("--commit")) {
    git("add", ...touched);
    git("commit", "-m", `Prepare release ${to}`);
    console.log("committed; tag after review with: git tag -a v" + to);
  }
}

try {
  main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
