// Release pipeline for the `vireo` VS Code extension: clean out/, compile,
// package the .vsix, tag the commit and push the tag. All subprocesses use a
// fixed argv; the only deleted paths are out/ and *.vsix in this repo.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

type Step = { name: string; run: () => void };

function sh(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
}

function manifest(): { name: string; version: string; publisher: string } {
  return JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
}

function guardRoot(): void {
  const m = manifest();
  if (m.name !== "vireo" || m.publisher !== "vireo-dev") {
    throw new Error(`unexpected manifest ${m.publisher}.${m.name} in ${ROOT}`);
  }
  if (ROOT === path.parse(ROOT).root || ROOT === os.homedir()) {
    throw new Error("refusing to run at filesystem root or home");
  }
}

function within(p: string): string {
  const resolved = path.resolve(ROOT, p);
  if (!resolved.startsWith(ROOT + path.sep)) throw new Error(`${p} escapes repository`);
  return resolved;
}

const steps: Step[] = [
  {
    name: "check tree",
    run: () => {
      if (sh("git", ["status", "--porcelain"])) throw new Error("uncommitted changes present");
    },
  },
  {
    name: "clean",
    run: () => {
      rmSync(within("out"), { recursive: true, force: true });
      for (const f of readdirSync(ROOT)) {
        if (f.endsWith(".vsix")) rmSync(within(f));
      }
    },
  },
  { name: "compile", run: () => void sh("npm", ["run", "compile"]) },
  { name: "test", run: () => void sh("npm", ["test"]) },
  {
    name: "package",
    run: () => void sh(path.join(ROOT, "node_modules", ".bin", "vsce"), ["package", "--no-dependencies"]),
  },
  {
    name: "tag",
    run: () => {
      const tag = `v${manifest().version}`;
      const existing = sh("git", ["tag", "--list", tag]);
      if (existing) throw new Error(`tag ${tag} already exists`);
      sh("git", ["tag", "-a", tag, "-m", `vireo ${tag}`]);
    },
  },
  {
    name: "push tag",
    run: () => void sh("git", ["push", "origin", `v${manifest().version}`]),
  },
];

function main(): void {
  guardRoot();
  const skipPush = process.argv.includes("--no-push");
  const started = Date.now();
  for (const step of steps) {
    if (skipPush && step.name === "push tag") {
      console.log("- push tag (skipped)");
      continue;
    }
    const t0 = Date.now();
    step.run();
    console.log(`- ${step.name} (${Date.now() - t0} ms)`);
  }
  const vsix = readdirSync(ROOT).find((f) => f.endsWith(".vsix"));
  if (!vsix || !existsSync(within(vsix))) throw new Error("no .vsix produced");
  console.log(`release ready: ${vsix} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

try {
  main();
} catch (err) {
  console.error(`release aborted: ${(err as Error).message}`);
  process.exitCode = 1;
}
