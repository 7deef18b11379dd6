// scripts/update-snapshots.ts — regenerate image snapshots in an isolated temp workspace.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const SNAP_DIR = join(ROOT, "tests", "__image_snapshots__");

interface Args {
  filter?: string;
  dryRun: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--filter") args.filter = argv[++i];
    else if (argv[i] === "--dry-run") args.dryRun = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return args;
}

function listPngs(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listPngs(p));
    else if (name.endsWith(".png")) out.push(p);
  }
  return out;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const work = mkdtempSync(join(tmpdir(), "snapshots-"));
  try {
    const jestArgs = ["--no-install", "jest", "--ci", "-u", "--testPathPattern", args.filter ?? "visual"];
    execFileSync("npx", jestArgs, {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, SNAPSHOT_OUT_DIR: work },
    });
    const produced = listPngs(work);
    console.log(`${produced.length} snapshot(s) produced`);
    for (const file of produced) {
      const rel = relative(work, file);
      const dest = join(SNAP_DIR, rel);
      if (args.dryRun) {
        console.log(`would update ${relative(ROOT, dest)}`);
        continue;
      }
      mkdirSync(join(dest, ".."), { recursive: true });
      copyFileSync(file, dest);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
