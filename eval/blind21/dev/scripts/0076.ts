#!/usr/bin/env -S npx tsx
// build/pack.ts - cross-platform wrapper around the PowerShell packaging
// scripts in build/*.ps1 (the Windows installer and the NuGet packages are
// produced by PowerShell, the rest of the repo is TypeScript).
//
//   npx tsx build/pack.ts                    all targets from build/pack.json
//   npx tsx build/pack.ts nuget --version 2.3.0
//   npx tsx build/pack.ts --clean            remove out/pack first
//
// Arguments to pwsh are built from build/pack.json; nothing from the command
// line is interpolated into a PowerShell string. Outputs land in out/pack/.

import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

interface PackTarget {
  script: string;
  parameters?: Record<string, string | number | boolean>;
  outputs: string[];
  windowsOnly?: boolean;
}

interface PackConfig {
  pwshMinVersion: string;
  targets: Record<string, PackTarget>;
}

interface Options {
  targets: string[];
  version?: string;
  clean: boolean;
  verbose: boolean;
}

const ROOT = resolve(__dirname, "..");
const OUT = join(ROOT, "out", "pack");
const CONFIG_FILE = join(ROOT, "build", "pack.json");

function die(msg: string, code = 1): never {
  console.error(`pack: ${msg}`);
  process.exit(code);
}

function parseOptions(argv: string[]): Options {
  const opts: Options = { targets: [], clean: false, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--version") opts.version = argv[++i] ?? die("--version needs a value");
    else if (a === "--clean") opts.clean = true;
    else if (a === "-v" || a === "--verbose") opts.verbose = true;
    else if (a.startsWith("-")) die(`unknown option ${a}`);
    else opts.targets.push(a);
  }
  if (opts.version && !/^\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$/.test(opts.version)) {
    die(`version ${opts.version} is not semver`);
  }
  return opts;
}

function loadConfig(): PackConfig {
  const cfg = JSON.parse(readFileSync(CONFIG_FILE, "utf8")) as PackConfig;
  for (const [name, t] of Object.entries(cfg.targets)) {
    const script = resolve(ROOT, t.script);
    if (!script.startsWith(join(ROOT, "build"))) die(`target ${name}: script must live in build/`);
    if (!existsSync(script)) die(`target ${name}: ${t.script} not found`);
  }
  return cfg;
}

function pwshVersion(): string {
  const res = spawnSync("pwsh", ["-NoProfile", "-NoLogo", "-Command", "$PSVersionTable.PSVersion.ToString()"], {
    encoding: "utf8",
  });
  if (res.error || res.status !== 0) die("pwsh (PowerShell 7+) is not installed");
  return res.stdout.trim();
}

function versionAtLeast(have: string, want: string): boolean {
  const a = have.split(/[.-]/).map(Number);
  const b = want.split(/[.-]/).map(Number);
  for (let i = 0; i < 3; i++) {
    if ((a[i] ?? 0) > (b[i] ?? 0)) return true;
    if ((a[i] ?? 0) < (b[i] ?? 0)) return false;
  }
  return true;
}

function projectVersion(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
  return pkg.version;
}

function pwshArgs(t: PackTarget, version: string, verbose: boolean): string[] {
  const args = ["-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass", "-File", resolve(ROOT, t.script)];
  const params: Record<string, string | number | boolean> = {
    ...(t.parameters ?? {}),
    Version: version,
    OutputDirectory: OUT,
  };
  for (const [key, value] of Object.entries(params)) {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(key)) die(`bad parameter name ${key}`);
    if (typeof value === "boolean") {
      if (value) args.push(`-${key}`);
    } else {
      args.push(`-${key}`, String(value));
    }
  }
  if (verbose) args.push("-Verbose");
  return args;
}

function runPwsh(name: string, args: string[]): Promise<number> {
  return new Promise((resolvePromise) => {
    const started = Date.now();
    console.log(`==> ${name}`);
    const child = spawn("pwsh", args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, NO_COLOR: "1" } });
    const onSignal = (sig: NodeJS.Signals) => child.kill(sig);
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    child.on("close", (code) => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      console.log(`<== ${name}: exit ${code} after ${((Date.now() - started) / 1000).toFixed(1)}s`);
      resolvePromise(code ?? 1);
    });
  });
}

function checkOutputs(name: string, t: PackTarget, version: string): string[] {
  const found: string[] = [];
  for (const pattern of t.outputs) {
    const expected = pattern.replace("{version}", version);
    const file = join(OUT, expected);
    if (!existsSync(file)) die(`${name}: expected output ${expected} is missing`);
    if (statSync(file).size === 0) die(`${name}: ${expected} is empty`);
    found.push(file);
  }
  return found;
}

function sha256(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

function writeChecksums(files: string[]): void {
  const lines = files.map((f) => `${sha256(f)}  ${relative(OUT, f)}`);
  writeFileSync(join(OUT, "SHA256SUMS"), `${lines.join("\n")}\n`);
}

function cleanOut(): void {
  // only our own output directory, recreated right after
  if (existsSync(OUT)) {
    rmSync(OUT, { recursive: true, force: true });
    console.log(`removed ${relative(ROOT, OUT)}/`);
  }
}

function leftoverTemp(): void {
  // the .ps1 scripts stage into out/pack/.staging-*; drop stale ones
  if (!existsSync(OUT)) return;
  for (const entry of readdirSync(OUT)) {
    if (entry.startsWith(".staging-")) rmSync(join(OUT, entry), { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const cfg = loadConfig();
  const have = pwshVersion();
  if (!versionAtLeast(have, cfg.pwshMinVersion)) die(`pwsh ${have} is older than ${cfg.pwshMinVersion}`);
  const version = opts.version ?? projectVersion();
  const names = opts.targets.length ? opts.targets : Object.keys(cfg.targets);
  for (const n of names) if (!cfg.targets[n]) die(`unknown target ${n}`);

  if (opts.clean) cleanOut();
  mkdirSync(OUT, { recursive: true });

  const produced: string[] = [];
  for (const name of names) {
    const t = cfg.targets[name];
    if (t.windowsOnly && process.platform !== "win32") {
      console.log(`skip ${name} (Windows only)`);
      continue;
    }
    const code = await runPwsh(name, pwshArgs(t, version, opts.verbose));
    if (code !== 0) die(`${name} failed`, code);
    produced.push(...checkOutputs(name, t, version));
  }
  leftoverTemp();
  writeChecksums(produced);
  console.log(`\n${produced.length} artifacts for ${version} in ${relative(ROOT, OUT)}/`);
  for (const f of produced) console.log(`  ${relative(OUT, f)}`);
}

main().catch((err: unknown) => die(err instanceof Error ? err.stack ?? err.message : String(err)));
