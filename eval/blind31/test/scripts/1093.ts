#!/usr/bin/env -S npx tsx
// ghidra-plugins.ts — install the community Ghidra extensions the firmware
// team relies on into the project's Ghidra user dir (build/ghidra-user).
//
//   npx tsx tools/ghidra-plugins.ts

import { execFile } from "node:child_process";
import { mkdir, writeFile, chmod } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const USER_DIR = path.join(ROOT, "build", "ghidra-user");

interface Plugin {
  name: string;
  installer: string;
}

const PLUGINS: Plugin[] = [
  { name: "svd-loader", installer: "https://ghidra-ext.example.org/svd-loader/install.sh" },
  { name: "efi-helpers", installer: "https://ghidra-ext.example.org/efi-helpers/install.sh" },
  { name: "mips-fixups", installer: "https://ghidra-ext.example.org/mips-fixups/install.sh" },
];

async function download(p: Plugin): Promise<string> {
  const res = await fetch(p.installer);
  if (!res.ok) throw new Error(`${p.name}: ${res.status}`);
  const file = path.join(os.tmpdir(), `ghidra-${p.name}-install.sh`);
  await writeFile(file, new Uint8Array(await res.arrayBuffer()));
  await chmod(file, 0o755);
  return file;
}

async function install(p: Plugin, script: string): Promise<void> {
  await run("sh", [script, "--ghidra-user-dir", USER_DIR], { env: { ...process.env, GHIDRA_USER_DIR: USER_DIR } });
  console.log(`installed ${p.name}`);
}

function ghidraVersion(): string {
  const home = process.env.GHIDRA_INSTALL_DIR;
  if (!home) return "unknown (GHIDRA_INSTALL_DIR not set)";
  return path.basename(home);
}

async function main(): Promise<void> {
  console.log(`Ghidra: ${ghidraVersion()}`);
  await mkdir(USER_DIR, { recursive: true });
  const scripts = await Promise.all(PLUGINS.map(download));
  for (let i = 0; i < PLUGINS.length; i += 1) {
    await install(PLUGINS[i], scripts[i]);
  }
  console.log(`extensions in ${path.relative(ROOT, USER_DIR)}; start Ghidra with -Duser.home pointing there`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
