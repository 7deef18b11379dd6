#!/usr/bin/env -S npx tsx
// Bump the Flutter app's version and build number everywhere it is recorded.
//
//   npx tsx tool/bump_version.ts patch          1.4.2+57 -> 1.4.3+58
//   npx tsx tool/bump_version.ts minor --no-build-number
//   npx tsx tool/bump_version.ts 2.0.0          explicit version, build+1
//
// Files rewritten (all inside this repo):
//   app/pubspec.yaml                  version: X.Y.Z+N
//   app/ios/Runner/Info.plist         only if it hardcodes the version
//   app/android/app/build.gradle      only if versionName/versionCode are literal
//   packages/*/pubspec.yaml           dependency constraints on app_core
//   CHANGELOG.md                      new heading under [Unreleased]
import { readFileSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const APP = path.join(ROOT, "app");
const PUBSPEC = path.join(APP, "pubspec.yaml");
const PLIST = path.join(APP, "ios", "Runner", "Info.plist");
const GRADLE = path.join(APP, "android", "app", "build.gradle");
const CHANGELOG = path.join(ROOT, "CHANGELOG.md");
const PACKAGES = path.join(ROOT, "packages");

type Part = "major" | "minor" | "patch";

interface Version {
  major: number;
  minor: number;
  patch: number;
  build: number;
}

function parseVersion(text: string): Version {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:\+(\d+))?$/.exec(text.trim());
  if (!m) {
    throw new Error(`cannot parse version "${text}"`);
  }
  return { major: +m[1], minor: +m[2], patch: +m[3], build: m[4] ? +m[4] : 0 };
}

function format(v: Version, withBuild = true): string {
  const base = `${v.major}.${v.minor}.${v.patch}`;
  return withBuild ? `${base}+${v.build}` : base;
}

function bump(v: Version, what: string, bumpBuild: boolean): Version {
  let next: Version;
  if (what === "major") {
    next = { major: v.major + 1, minor: 0, patch: 0, build: v.build };
  } else if (what === "minor") {
    next = { major: v.major, minor: v.minor + 1, patch: 0, build: v.build };
  } else if (what === "patch") {
    next = { major: v.major, minor: v.minor, patch: v.patch + 1, build: v.build };
  } else {
    const explicit = parseVersion(what);
    next = { ...explicit, build: v.build };
  }
  if (bumpBuild) {
    next.build = v.build + 1;
  }
  return next;
}

function readPubspecVersion(): Version {
  const text = readFileSync(PUBSPEC, "utf8");
  const m = /^version:\s*(\S+)\s*$/m.exec(text);
  if (!m) {
    throw new Error("no version: line in app/pubspec.yaml");
  }
  return parseVersion(m[1]);
}

type Edit = { file: string; before: string; after: string };

function editPubspec(v: Version): Edit {
  const before = readFileSync(PUBSPEC, "utf8");
  const after = before.replace(/^version:\s*\S+\s*$/m, `version: ${format(v)}`);
  return { file: PUBSPEC, before, after };
}

function editPlist(v: Version): Edit | null {
  if (!existsSync(PLIST)) {
    return null;
  }
  const before = readFileSync(PLIST, "utf8");
  let after = before;
  // only literal values; $(FLUTTER_BUILD_NAME) placeholders are left alone
  after = after.replace(
    /(<key>CFBundleShortVersionString<\/key>\s*<string>)(\d+\.\d+\.\d+)(<\/string>)/,
    `$1${format(v, false)}$3`,
  );
  after = after.replace(/(<key>CFBundleVersion<\/key>\s*<string>)(\d+)(<\/string>)/, `$1${v.build}$3`);
  return after === before ? null : { file: PLIST, before, after };
}

function editGradle(v: Version): Edit | null {
  if (!existsSync(GRADLE)) {
    return null;
  }
  const before = readFileSync(GRADLE, "utf8");
  const after = before
    .replace(/(versionCode\s+)\d+/, `$1${v.build}`)
    .replace(/(versionName\s+)"[\d.]+"/, `$1"${format(v, false)}"`);
  return after === before ? null : { file: GRADLE, before, after };
}

function editPackages(v: Version): Edit[] {
  if (!existsSync(PACKAGES)) {
    return [];
  }
  const edits: Edit[] = [];
  for (const name of readdirSync(PACKAGES)) {
    const file = path.join(PACKAGES, name, "pubspec.yaml");
    if (!existsSync(file)) {
      continue;
    }
    const before = readFileSync(file, "utf8");
    const after = before.replace(/^(\s+app_core:\s*)\^[\d.]+\s*$/m, `$1^${format(v, false)}`);
    if (after !== before) {
      edits.push({ file, before, after });
    }
  }
  return edits;
}

function editChangelog(v: Version): Edit | null {
  if (!existsSync(CHANGELOG)) {
    return null;
  }
  const before = readFileSync(CHANGELOG, "utf8");
  if (!before.includes("## [Unreleased]")) {
    throw new Error("CHANGELOG.md has no [Unreleased] heading");
  }
  const date = new Date().toISOString().slice(0, 10);
  const after = before.replace("## [Unreleased]", `## [Unreleased]\n\n## [${format(v, false)}] - ${date}`);
  return { file: CHANGELOG, before, after };
}

function gitClean(): boolean {
  return execFileSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8" }).trim() === "";
}

function showDiff(edit: Edit): void {
  const a = edit.before.split("\n");
  const b = edit.after.split("\n");
  console.log(`--- ${path.relative(ROOT, edit.file)}`);
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) {
      if (a[i] !== undefined) console.log(`- ${a[i]}`);
      if (b[i] !== undefined) console.log(`+ ${b[i]}`);
    }
  }
}

function main(): void {
  const args = process.argv.slice(2);
  const what = args.find((a) => !a.startsWith("--"));
  if (!what) {
    console.error("usage: bump_version.ts <major|minor|patch|X.Y.Z> [--no-build-number] [--dry-run] [--commit]");
    process.exit(2);
  }
  const dryRun = args.includes("--dry-run");
  const commit = args.includes("--commit");
  if (!dryRun && !gitClean()) {
    console.error("working tree not clean");
    process.exit(1);
  }
  const current = readPubspecVersion();
  const next = bump(current, what as Part | string, !args.includes("--no-build-number"));
  console.log(`${format(current)} -> ${format(next)}`);

  const edits = [editPubspec(next), editPlist(next), editGradle(next), ...editPackages(next), editChangelog(next)].filter(
    (e): e is Edit => e !== null && e.before !== e.after,
  );
  for (const e of edits) {
    showDiff(e);
    if (!dryRun) {
      writeFileSync(e.file, e.after);
    }
  }
  if (dryRun) {
    console.log("\n(dry run)");
    return;
  }
  execFileSync("flutter", ["pub", "get"], { cwd: APP, stdio: "inherit" });
  if (commit) {
    const files = edits.map((e) => path.relative(ROOT, e.file));
    execFileSync("git", ["add", ...files, "app/pubspec.lock"], { cwd: ROOT, stdio: "inherit" });
    execFileSync("git", ["commit", "-m", `chore: bump version to ${format(next)}`], { cwd: ROOT, stdio: "inherit" });
    console.log("committed; tag with: git tag v" + format(next, false));
  }
}

main();
