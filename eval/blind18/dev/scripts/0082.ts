#!/usr/bin/env -S npx tsx
// Release planner for the Rust workspace (wraps `cargo release` conventions).
//
//   npx tsx xtask/release-plan.ts              show which crates changed and the next versions
//   npx tsx xtask/release-plan.ts --apply      rewrite Cargo.toml versions + CHANGELOGs
//   npx tsx xtask/release-plan.ts --publish    ...and `cargo publish` in dependency order
//
// `--publish` needs CARGO_REGISTRY_TOKEN in the environment (cargo reads it);
// without it the script only runs `cargo publish --dry-run`.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

interface Crate {
  name: string;
  version: string;
  manifest: string;
  dir: string;
  publish: boolean;
  deps: string[];
}

interface Planned {
  crate: Crate;
  next: string;
  reason: string;
}

function cargoMetadata(): Crate[] {
  const raw = execFileSync("cargo", ["metadata", "--no-deps", "--format-version", "1"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 32 * 1024 * 1024,
  });
  const meta = JSON.parse(raw) as {
    packages: {
      name: string;
      version: string;
      manifest_path: string;
      publish: string[] | null;
      dependencies: { name: string; path?: string }[];
    }[];
  };
  return meta.packages.map((p) => ({
    name: p.name,
    version: p.version,
    manifest: p.manifest_path,
    dir: path.dirname(p.manifest_path),
    publish: p.publish === null || p.publish.length > 0,
    deps: p.dependencies.filter((d) => d.path).map((d) => d.name),
  }));
}

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
}

function lastTag(crate: Crate): string | null {
  const tags = git("tag", "--list", `${crate.name}-v*`, "--sort=-v:refname").split("\n").filter(Boolean);
  return tags[0] ?? null;
}

function changedSince(tag: string | null, dir: string): string[] {
  const rel = path.relative(ROOT, dir) || ".";
  const range = tag ? `${tag}..HEAD` : "HEAD";
  return git("log", "--format=%s", range, "--", rel).split("\n").filter(Boolean);
}

function nextVersion(version: string, subjects: string[]): { next: string; kind: string } {
  const [major, minor, patch] = version.split("-")[0].split(".").map(Number);
  const breaking = subjects.some((s) => /^\w+(\(.+\))?!:/.test(s) || s.includes("BREAKING"));
  const feature = subjects.some((s) => s.startsWith("feat"));
  if (breaking) {
    return major === 0 ? { next: `0.${minor + 1}.0`, kind: "breaking (0.x minor)" } : { next: `${major + 1}.0.0`, kind: "breaking" };
  }
  if (feature) {
    return { next: `${major}.${minor + 1}.0`, kind: "feature" };
  }
  return { next: `${major}.${minor}.${patch + 1}`, kind: "fix" };
}

function topoOrder(crates: Crate[]): Crate[] {
  const byName = new Map(crates.map((c) => [c.name, c]));
  const seen = new Set<string>();
  const out: Crate[] = [];
  const visit = (c: Crate, stack: string[]) => {
    if (seen.has(c.name)) {
      return;
    }
    if (stack.includes(c.name)) {
      throw new Error(`dependency cycle: ${[...stack, c.name].join(" -> ")}`);
    }
    for (const d of c.deps) {
      const dep = byName.get(d);
      if (dep) {
        visit(dep, [...stack, c.name]);
      }
    }
    seen.add(c.name);
    out.push(c);
  };
  crates.forEach((c) => visit(c, []));
  return out;
}

function plan(crates: Crate[]): Planned[] {
  const planned: Planned[] = [];
  for (const crate of crates.filter((c) => c.publish)) {
    const subjects = changedSince(lastTag(crate), crate.dir);
    if (!subjects.length) {
      continue;
    }
    const { next, kind } = nextVersion(crate.version, subjects);
    planned.push({ crate, next, reason: `${subjects.length} commit(s), ${kind}` });
  }
  return planned;
}

function rewriteManifest(file: string, bumps: Map<string, string>, own?: string): void {
  let text = readFileSync(file, "utf8");
  if (own) {
    text = text.replace(/^(\[package\][\s\S]*?^version\s*=\s*)"[^"]+"/m, `$1"${own}"`);
  }
  for (const [name, version] of bumps) {
    // path dependencies also carry a version for crates.io
    const re = new RegExp(`^(${name}\\s*=\\s*\\{[^}]*version\\s*=\\s*)"[^"]+"`, "m");
    text = text.replace(re, `$1"${version}"`);
  }
  writeFileSync(file, text);
}

function updateChangelog(crate: Crate, next: string, subjects: string[]): void {
  const file = path.join(crate.dir, "CHANGELOG.md");
  if (!existsSync(file)) {
    return;
  }
  const text = readFileSync(file, "utf8");
  const date = new Date().toISOString().slice(0, 10);
  const entry = `## ${next} - ${date}\n\n${subjects.map((s) => `- ${s}`).join("\n")}\n\n`;
  const idx = text.indexOf("## ");
  writeFileSync(file, idx === -1 ? text + "\n" + entry : text.slice(0, idx) + entry + text.slice(idx));
}

function publish(order: Planned[], dryRun: boolean): void {
  for (const p of order) {
    const args = ["publish", "-p", p.crate.name, "--locked"];
    if (dryRun) {
      args.push("--dry-run", "--allow-dirty");
    }
    console.log(`$ cargo ${args.join(" ")}`);
    const res = spawnSync("cargo", args, { cwd: ROOT, stdio: "inherit" });
    if (res.status !== 0) {
      throw new Error(`cargo publish failed for ${p.crate.name}`);
    }
  }
}

function main(): void {
  const args = new Set(process.argv.slice(2));
  const crates = topoOrder(cargoMetadata());
  const planned = plan(crates);
  if (!planned.length) {
    console.log("no publishable crate changed since its last tag");
    return;
  }
  for (const p of planned) {
    console.log(`${p.crate.name.padEnd(24)} ${p.crate.version} -> ${p.next}  (${p.reason})`);
  }
  if (!args.has("--apply") && !args.has("--publish")) {
    console.log("\nplan only; --apply rewrites manifests, --publish also publishes");
    return;
  }
  if (git("status", "--porcelain")) {
    throw new Error("working tree is dirty");
  }
  const bumps = new Map(planned.map((p) => [p.crate.name, p.next]));
  for (const c of crates) {
    rewriteManifest(c.manifest, bumps, bumps.get(c.name));
  }
  for (const p of planned) {
    updateChangelog(p.crate, p.next, changedSince(lastTag(p.crate), p.crate.dir));
  }
  execFileSync("cargo", ["check", "--workspace", "--quiet"], { cwd: ROOT, stdio: "inherit" });
  git("commit", "-am", `chore(release): ${planned.map((p) => `${p.crate.name} ${p.next}`).join(", ")}`);
  for (const p of planned) {
    git("tag", `${p.crate.name}-v${p.next}`);
  }
  console.log("manifests updated, committed and tagged locally");
  if (args.has("--publish")) {
    publish(planned, !process.env.CARGO_REGISTRY_TOKEN);
  }
}

try {
  main();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}
