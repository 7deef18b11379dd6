#!/usr/bin/env -S npx tsx
// Build pipeline for the orbit SDK: clean ./build after verifying the package root,
// compile with tsc for ESM and CJS in parallel, then copy typings and README.
import { spawn } from "node:child_process";
import { cp, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

type Step = { name: string; run: () => Promise<void> };

const ROOT = process.cwd();
const BUILD = path.join(ROOT, "build");

function exec(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: "inherit", cwd: ROOT });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} -> ${code}`))));
  });
}

async function assertPackageRoot(): Promise<void> {
  const manifest = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as { name?: string };
  if (manifest.name !== "@orbit/sdk") {
    throw new Error(`not the @orbit/sdk package (found ${manifest.name ?? "nothing"})`);
  }
  const relative = path.relative(ROOT, BUILD);
  if (!relative || relative.startsWith("..") || path.isAbsolute(relative)) {
    throw new Error(`build dir ${BUILD} is not inside ${ROOT}`);
  }
}

function timed(step: Step): Step {
  return {
    name: step.name,
    run: async () => {
      const t0 = performance.now();
      await step.run();
      console.log(`✓ ${step.name} (${Math.round(performance.now() - t0)}ms)`);
    },
  };
}

const steps: Step[] = [
  { name: "verify root", run: assertPackageRoot },
  {
    name: "clean",
    run: async () => {
      await rm(BUILD, { recursive: true, force: true });
      await mkdir(BUILD, { recursive: true });
    },
  },
  {
    name: "compile esm+cjs",
    run: async () => {
      await Promise.all([
        exec("pnpm", ["exec", "tsc", "-p", "tsconfig.esm.json"]),
        exec("pnpm", ["exec", "tsc", "-p", "tsconfig.cjs.json"]),
      ]);
      await writeFile(path.join(BUILD, "cjs", "package.json"), JSON.stringify({ type: "commonjs" }) + "\n");
    },
  },
  {
    name: "copy assets",
    run: async () => {
      await Promise.all(
        ["README.md", "LICENSE"].map((f) => cp(path.join(ROOT, f), path.join(BUILD, f)).catch(() => undefined)),
      );
    },
  },
  {
    name: "size report",
    run: async () => {
      for (const entry of ["esm/index.js", "cjs/index.js", "esm/index.d.ts"]) {
        const s = await stat(path.join(BUILD, entry)).catch(() => null);
        console.log(`  ${entry.padEnd(18)} ${s ? (s.size / 1024).toFixed(1) + " KiB" : "missing"}`);
      }
    },
  },
];

async function main(): Promise<void> {
  for (const step of steps.map(timed)) {
    await step.run();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
