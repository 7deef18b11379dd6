// scripts/upgrade-workspace.ts - for a pnpm workspace: find outdated direct
// dependencies per package on registry.npmjs.org, bump them within the
// chosen policy (patch | minor | latest), run install + typecheck + tests,
// then push a branch and open a pull request with the GitHub REST API.
//
//   pnpm tsx scripts/upgrade-workspace.ts --policy minor
//   pnpm tsx scripts/upgrade-workspace.ts --policy patch --package @acme/web --no-pr
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync, readdirSync, existsSync } from "node:fs";
import { join, relative } from "node:path";

type Policy = "patch" | "minor" | "latest";
type DepSection = "dependencies" | "devDependencies";

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

interface Change {
  pkg: string;
  dep: string;
  from: string;
  to: string;
}

const ROOT = process.cwd();
const REGISTRY = "https://registry.npmjs.org";
const SAFE_NAME = /^(@[\w.-]+\/)?[\w.-]+$/;
const EXACT_OR_CARET = /^(\^|~)?(\d+)\.(\d+)\.(\d+)$/;

function flags(argv: string[]) {
  const get = (f: string) => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : undefined);
  const policy = (get("--policy") ?? "minor") as Policy;
  if (!["patch", "minor", "latest"].includes(policy)) throw new Error("--policy patch|minor|latest");
  const only = get("--package");
  if (only && !SAFE_NAME.test(only)) throw new Error("bad --package");
  return { policy, only, pr: !argv.includes("--no-pr"), dryRun: argv.includes("--dry-run") };
}

function packageDirs(): string[] {
  const dirs = [ROOT];
  for (const base of ["packages", "apps"]) {
    const abs = join(ROOT, base);
    if (!existsSync(abs)) continue;
    for (const d of readdirSync(abs)) if (existsSync(join(abs, d, "package.json"))) dirs.push(join(abs, d));
  }
  return dirs;
}

const versionCache = new Map<string, string[]>();

async function published(name: string): Promise<string[]> {
  if (!SAFE_NAME.test(name)) throw new Error(`refusing odd package name ${name}`);
  const hit = versionCache.get(name);
  if (hit) return hit;
  const res = await fetch(`${REGISTRY}/${name.replace("/", "%2F")}`, {
    headers: { Accept: "application/vnd.npm.install-v1+json" },
  });
  if (!res.ok) throw new Error(`${name}: ${res.status}`);
  const doc = (await res.json()) as { versions: Record<string, unknown> };
  const list = Object.keys(doc.versions).filter((v) => /^\d+\.\d+\.\d+$/.test(v));
  versionCache.set(name, list);
  return list;
}

function cmp(a: number[], b: number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function pick(range: string, versions: string[], policy: Policy): string | null {
  const m = EXACT_OR_CARET.exec(range);
  if (!m) return null;
  const prefix = m[1] ?? "";
  const cur = [Number(m[2]), Number(m[3]), Number(m[4])];
  let best: number[] | null = null;
  for (const v of versions) {
    const n = v.split(".").map(Number);
    if (cmp(n, cur) <= 0) continue;
    if (policy === "patch" && (n[0] !== cur[0] || n[1] !== cur[1])) continue;
    if (policy === "minor" && n[0] !== cur[0]) continue;
    if (!best || cmp(n, best) > 0) best = n;
  }
  return best ? `${prefix}${best.join(".")}` : null;
}

async function plan(dir: string, policy: Policy): Promise<{ manifest: Manifest; changes: Change[] }> {
  const file = join(dir, "package.json");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
  const changes: Change[] = [];
  for (const section of ["dependencies", "devDependencies"] as DepSection[]) {
    const deps = manifest[section] ?? {};
    for (const [dep, range] of Object.entries(deps)) {
      if (range.startsWith("workspace:")) continue;
      const next = pick(range, await published(dep), policy);
      if (next) {
        deps[dep] = next;
        changes.push({ pkg: manifest.name, dep, from: range, to: next });
      }
    }
  }
  return { manifest, changes };
}

function step(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status})`);
}

async function openPullRequest(branch: string, body: string): Promise<string> {
  const token = process.env.GITHUB_TOKEN;
  if (!token) throw new Error("GITHUB_TOKEN not set");
  const remote = execFileSync("git", ["remote", "get-url", "origin"], { encoding: "utf8" }).trim();
  const repo = /github\.com[:/](.+?)(?:\.git)?$/.exec(remote)?.[1];
  if (!repo) throw new Error("origin is not a GitHub remote");
  const res = await fetch(`https://api.github.com/repos/${repo}/pulls`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, Accept: "application/vnd.github+json" },
    body: JSON.stringify({ title: "chore(deps): workspace upgrades", head: branch, base: "main", body }),
  });
  if (!res.ok) throw new Error(`GitHub ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { html_url: string }).html_url;
}

async function main(): Promise<void> {
  const opts = flags(process.argv.slice(2));
  const all: Change[] = [];
  const writes: Array<[string, Manifest]> = [];
  for (const dir of packageDirs()) {
    const { manifest, changes } = await plan(dir, opts.policy);
    if (opts.only && manifest.name !== opts.only) continue;
    if (changes.length) writes.push([join(dir, "package.json"), manifest]);
    all.push(...changes);
  }
  if (!all.length) {
    console.log("nothing to upgrade");
    return;
  }
  const body = all.map((c) => `- \`${c.pkg}\`: \`${c.dep}\` ${c.from} -> ${c.to}`).join("\n");
  console.log(body);
  if (opts.dryRun) return;
  for (const [file, manifest] of writes) {
    writeFileSync(file, JSON.stringify(manifest, null, 2) + "\n");
    console.log(`updated ${relative(ROOT, file)}`);
  }
  step("pnpm", ["install", "--no-frozen-lockfile"]);
  step("pnpm", ["-r", "typecheck"]);
  step("pnpm", ["-r", "test"]);
  if (!opts.pr) return;
  const branch = `deps/${opts.policy}-${new Date().toISOString().slice(0, 10)}`;
  step("git", ["checkout", "-B", branch]);
  step("git", ["commit", "-am", "chore(deps): workspace upgrades"]);
  step("git", ["push", "-u", "origin", "HEAD"]);
  console.log(`PR: ${await openPullRequest(branch, body)}`);
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
