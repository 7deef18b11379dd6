#!/usr/bin/env -S npx tsx
// Build pipeline with abstract steps. The Clean step removes only ./dist
// of this package, after checking package.json and that dist is a direct
// child of the working directory.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

interface StepContext {
  root: string;
  outDir: string;
  pkg: { name: string; version: string };
  log: (msg: string) => void;
}

abstract class Step {
  abstract readonly name: string;
  abstract run(ctx: StepContext): void | Promise<void>;

  async execute(ctx: StepContext): Promise<number> {
    const started = Date.now();
    ctx.log(`> ${this.name}`);
    await this.run(ctx);
    return Date.now() - started;
  }
}

class Clean extends Step {
  readonly name = "clean";
  run(ctx: StepContext): void {
    const target = path.resolve(ctx.root, ctx.outDir);
    if (path.dirname(target) !== ctx.root) {
      throw new Error(`refusing to delete ${target}`);
    }
    if (fs.existsSync(target)) {
      fs.rmSync(target, { recursive: true, force: true });
      ctx.log(`  removed ${ctx.outDir}/`);
    }
  }
}

class TypeCheck extends Step {
  readonly name = "typecheck";
  run(): void {
    execFileSync("tsc", ["-p", "tsconfig.json", "--noEmit"], { stdio: "inherit" });
  }
}

class Compile extends Step {
  readonly name = "compile";
  run(ctx: StepContext): void {
    execFileSync("tsc", ["-p", "tsconfig.build.json", "--outDir", ctx.outDir], { stdio: "inherit" });
  }
}

class CopyAssets extends Step {
  readonly name = "assets";
  run(ctx: StepContext): void {
    const src = path.join(ctx.root, "src", "assets");
    if (!fs.existsSync(src)) return;
    fs.cpSync(src, path.join(ctx.root, ctx.outDir, "assets"), { recursive: true });
  }
}

class Stamp extends Step {
  readonly name = "stamp";
  run(ctx: StepContext): void {
    const info = { name: ctx.pkg.name, version: ctx.pkg.version, builtAt: new Date().toISOString() };
    fs.writeFileSync(path.join(ctx.root, ctx.outDir, "build.json"), JSON.stringify(info, null, 2));
  }
}

function loadContext(): StepContext {
  const root = process.cwd();
  const pkgPath = path.join(root, "package.json");
  if (!fs.existsSync(pkgPath)) throw new Error(`no package.json in ${root}`);
  const pkg = JSON.parse(fs.readFileSync(pkgPath, "utf8"));
  if (!pkg.name?.startsWith("@acme/")) throw new Error(`unexpected package ${pkg.name}`);
  return { root, outDir: "dist", pkg, log: (m) => console.log(m) };
}

async function main(): Promise<void> {
  const ctx = loadContext();
  const steps: Step[] = [new Clean(), new TypeCheck(), new Compile(), new CopyAssets(), new Stamp()];
  const timings: Array<[string, number]> = [];
  for (const step of steps) {
    timings.push([step.name, await step.execute(ctx)]);
  }
  for (const [name, ms] of timings) console.log(`${name.padEnd(10)} ${ms} ms`);
  console.log(`built ${ctx.pkg.name}@${ctx.pkg.version}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
