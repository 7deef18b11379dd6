// tools/export.ts - multi-platform Godot export with versioning and itch-style zips.
//
//   npx tsx tools/export.ts                 # every preset in export_presets.cfg
//   npx tsx tools/export.ts --preset Web    # one preset
//   npx tsx tools/export.ts --debug         # --export-debug instead of release
//
// Steps per preset: stamp the version into project.godot (restored afterwards),
// run `godot --headless --export-release`, zip the output, checksum it. The
// build/ and dist/ folders belong to this script and are recreated each run.

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

interface Preset {
  name: string;
  platform: string;
  exportPath: string;
}

interface Result {
  preset: string;
  ok: boolean;
  seconds: number;
  zip?: string;
  sha256?: string;
  error?: string;
}

const PROJECT = path.resolve(__dirname, "..");
const BUILD = path.join(PROJECT, "build");
const DIST = path.join(PROJECT, "dist");
const PROJECT_FILE = path.join(PROJECT, "project.godot");
const PRESETS_FILE = path.join(PROJECT, "export_presets.cfg");
const GODOT = process.env.GODOT ?? "godot";

function parsePresets(text: string): Preset[] {
  const presets: Preset[] = [];
  let current: Partial<Preset> | null = null;
  for (const line of text.split(/\r?\n/)) {
    const header = line.match(/^\[preset\.(\d+)\]$/);
    if (header) {
      if (current?.name) presets.push(current as Preset);
      current = {};
      continue;
    }
    if (line.startsWith("[")) {
      if (current?.name) presets.push(current as Preset);
      current = null;
      continue;
    }
    if (!current) continue;
    const kv = line.match(/^(\w+)="(.*)"$/);
    if (!kv) continue;
    if (kv[1] === "name") current.name = kv[2];
    if (kv[1] === "platform") current.platform = kv[2];
    if (kv[1] === "export_path") current.exportPath = kv[2];
  }
  if (current?.name) presets.push(current as Preset);
  return presets;
}

function gitVersion(): string {
  const r = spawnSync("git", ["describe", "--tags", "--always", "--dirty"], { cwd: PROJECT, encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim().replace(/^v/, "") : "0.0.0-dev";
}

function stampVersion(version: string): () => void {
  const backup = PROJECT_FILE + ".bak";
  copyFileSync(PROJECT_FILE, backup);
  const text = readFileSync(PROJECT_FILE, "utf8");
  const stamped = /config\/version=/.test(text)
    ? text.replace(/config\/version=".*"/, `config/version="${version}"`)
    : text.replace("[application]", `[application]\n\nconfig/version="${version}"`);
  writeFileSync(PROJECT_FILE, stamped);
  return () => {
    copyFileSync(backup, PROJECT_FILE);
    rmSync(backup, { force: true });
  };
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

function exportPreset(preset: Preset, debug: boolean): string {
  const outDir = path.join(BUILD, slug(preset.name));
  mkdirSync(outDir, { recursive: true });
  const outFile = path.join(outDir, path.basename(preset.exportPath || `${slug(preset.name)}.bin`));
  const flag = debug ? "--export-debug" : "--export-release";
  const r = spawnSync(GODOT, ["--headless", "--path", PROJECT, flag, preset.name, outFile], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0 || !existsSync(outFile)) {
    const tail = `${r.stdout ?? ""}\n${r.stderr ?? ""}`.trim().split("\n").slice(-20).join("\n");
    throw new Error(tail || `godot exited ${r.status}`);
  }
  return outDir;
}

function zipDir(dir: string, zipPath: string): void {
  mkdirSync(path.dirname(zipPath), { recursive: true });
  rmSync(zipPath, { force: true });
  const r = spawnSync("zip", ["-qr9", zipPath, "."], { cwd: dir });
  if (r.status !== 0) throw new Error(`zip failed for ${dir}`);
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash("sha256");
    createReadStream(file)
      .on("data", (d) => h.update(d))
      .on("end", () => resolve(h.digest("hex")))
      .on("error", reject);
  });
}

function dirSize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? dirSize(p) : statSync(p).size;
  }
  return total;
}

function parseArgs(argv: string[]): { only?: string; debug: boolean } {
  const opts: { only?: string; debug: boolean } = { debug: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--preset") opts.only = argv[++i];
    else if (argv[i] === "--debug") opts.debug = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return opts;
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  let presets = parsePresets(readFileSync(PRESETS_FILE, "utf8"));
  if (opts.only) presets = presets.filter((p) => p.name === opts.only);
  if (presets.length === 0) throw new Error("no matching presets");

  const version = gitVersion();
  console.log(`exporting ${presets.length} preset(s) at version ${version}`);
  rmSync(BUILD, { recursive: true, force: true });
  rmSync(DIST, { recursive: true, force: true });

  const restore = stampVersion(version);
  const results: Result[] = [];
  try {
    for (const preset of presets) {
      const started = Date.now();
      try {
        const dir = exportPreset(preset, opts.debug);
        const zip = path.join(DIST, `sky-ferry-${version}-${slug(preset.name)}.zip`);
        zipDir(dir, zip);
        const digest = await sha256(zip);
        results.push({ preset: preset.name, ok: true, seconds: (Date.now() - started) / 1000, zip, sha256: digest });
        console.log(`ok   ${preset.name} (${(dirSize(dir) / 1e6).toFixed(1)} MB)`);
      } catch (err) {
        results.push({ preset: preset.name, ok: false, seconds: (Date.now() - started) / 1000, error: String(err) });
        console.log(`FAIL ${preset.name}\n${String(err)}`);
      }
    }
  } finally {
    restore();
  }

  mkdirSync(DIST, { recursive: true });
  const sums = results.filter((r) => r.ok).map((r) => `${r.sha256}  ${path.basename(r.zip!)}`);
  writeFileSync(path.join(DIST, "SHA256SUMS"), sums.join("\n") + "\n");
  writeFileSync(path.join(DIST, "export-report.json"), JSON.stringify({ version, results }, null, 2));
  if (results.some((r) => !r.ok)) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`export: ${err.message}`);
  process.exitCode = 1;
});
