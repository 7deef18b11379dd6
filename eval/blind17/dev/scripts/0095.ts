/**
 * scripts/pin-deps.ts — pin the workspace's direct dependencies to exact versions
 * (no ^ or ~) so preview builds are reproducible, and apply the patched builds we
 * maintain for two upstream packages with open bugs.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, existsSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

type Manifest = {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

const PATCHED = {
  mirror: { proto: "https", host: "pkgs.example.org", dir: "patched" },
  packages: {
    "sharp": "0.33.5-p1",
    "better-sqlite3": "11.3.0-p2",
  } as Record<string, string>,
};

function tarballFor(name: string, version: string): string {
  const m = PATCHED.mirror;
  return `${m.proto}://${m.host}/${m.dir}/${name}-${version}.tgz`;
}

function manifests(): string[] {
  const out = [path.join(ROOT, "package.json")];
  for (const group of ["apps", "packages"]) {
    const dir = path.join(ROOT, group);
    if (!existsSync(dir)) continue;
    for (const d of readdirSync(dir)) {
      const p = path.join(dir, d, "package.json");
      if (existsSync(p)) out.push(p);
    }
  }
  return out;
}

function installedVersion(name: string): string | null {
  const p = path.join(ROOT, "node_modules", name, "package.json");
  return existsSync(p) ? (JSON.parse(readFileSync(p, "utf8")) as { version: string }).version : null;
}

function pin(deps: Record<string, string> | undefined): number {
  if (!deps) return 0;
  let changed = 0;
  for (const [name, range] of Object.entries(deps)) {
    if (range.startsWith("workspace:")) continue;
    if (name in PATCHED.packages) {
      deps[name] = tarballFor(name, PATCHED.packages[name]);
      changed++;
      continue;
    }
    const exact = installedVersion(name);
    if (exact && range !== exact) {
      deps[name] = exact;
      changed++;
    }
  }
  return changed;
}

function main(): void {
  let total = 0;
  for (const file of manifests()) {
    const m = JSON.parse(readFileSync(file, "utf8")) as Manifest;
    const n = pin(m.dependencies) + pin(m.devDependencies);
    if (n) {
      writeFileSync(file, JSON.stringify(m, null, 2) + "\n");
      console.log(`${path.relative(ROOT, file)}: ${n} change(s)`);
      total += n;
    }
  }
  if (total) execFileSync("pnpm", ["install", "--no-frozen-lockfile"], { cwd: ROOT, stdio: "inherit" });
  console.log(`pinned ${total} dependenc(ies)`);
}

main();
