/**
 * Build Valhalla routing tiles for the regions listed in config/regions.json.
 *
 *   npx tsx tools/valhalla-build.ts                  # all regions
 *   npx tsx tools/valhalla-build.ts --region alps    # one region
 *   npx tsx tools/valhalla-build.ts --clean          # remove build/valhalla first
 *
 * Steps per region: download the extract from Geofabrik (conditional on Last-Modified),
 * valhalla_build_config -> build/valhalla/<region>/valhalla.json, valhalla_build_admins,
 * valhalla_build_timezones, valhalla_build_tiles, then tar the tiles into
 * build/valhalla/<region>/tiles.tar for serving. All outputs are below build/valhalla;
 * --clean removes only that folder after checking the resolved path.
 */
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync, renameSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";

const ROOT = path.resolve(__dirname, "..");
const BUILD = path.join(ROOT, "build", "valhalla");
const DATA = path.join(ROOT, "data", "osm");

interface Region {
  name: string;
  geofabrik: string;        // e.g. "europe/alps"
  concurrency?: number;
  elevation?: boolean;
}

interface Config {
  regions: Region[];
  defaultConcurrency: number;
}

const GEOFABRIK = "https://download.geofabrik.de";

function loadConfig(): Config {
  return JSON.parse(readFileSync(path.join(ROOT, "config", "regions.json"), "utf8")) as Config;
}

function sh(cmd: string, args: string[], opts: { cwd?: string; logFile?: string } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = opts.logFile ? createWriteStream(opts.logFile, { flags: "a" }) : null;
    const child = spawn(cmd, args, { cwd: opts.cwd, stdio: ["ignore", out ? "pipe" : "inherit", out ? "pipe" : "inherit"] });
    if (out) {
      child.stdout?.pipe(out);
      child.stderr?.pipe(out);
    }
    child.on("error", reject);
    child.on("exit", (code) => {
      out?.end();
      if (code === 0) resolve();
      else reject(new Error(`${cmd} exited with ${code}${opts.logFile ? ` (see ${path.relative(ROOT, opts.logFile)})` : ""}`));
    });
  });
}

async function download(region: Region): Promise<string> {
  mkdirSync(DATA, { recursive: true });
  const file = path.join(DATA, `${region.name}.osm.pbf`);
  const url = `${GEOFABRIK}/${region.geofabrik}-latest.osm.pbf`;
  const headers: Record<string, string> = {};
  if (existsSync(file)) headers["If-Modified-Since"] = statSync(file).mtime.toUTCString();
  const res = await fetch(url, { headers });
  if (res.status === 304) {
    console.log(`${region.name}: extract unchanged`);
    return file;
  }
  if (!res.ok || !res.body) throw new Error(`${url}: HTTP ${res.status}`);
  const tmp = `${file}.part`;
  await pipeline(Readable.fromWeb(res.body as never), createWriteStream(tmp));
  renameSync(tmp, file);
  console.log(`${region.name}: downloaded ${(statSync(file).size / 1e6).toFixed(0)} MB`);
  return file;
}

function regionDir(region: Region): string {
  return path.join(BUILD, region.name);
}

async function buildConfig(region: Region, concurrency: number): Promise<string> {
  const dir = regionDir(region);
  mkdirSync(dir, { recursive: true });
  const configPath = path.join(dir, "valhalla.json");
  const args = [
    "--mjolnir-tile-dir", path.join(dir, "tiles"),
    "--mjolnir-tile-extract", path.join(dir, "tiles.tar"),
    "--mjolnir-timezone", path.join(dir, "timezones.sqlite"),
    "--mjolnir-admin", path.join(dir, "admins.sqlite"),
    "--mjolnir-concurrency", String(concurrency),
  ];
  if (region.elevation) args.push("--additional-data-elevation", path.join(ROOT, "data", "elevation"));
  await new Promise<void>((resolve, reject) => {
    const child = spawn("valhalla_build_config", args, { stdio: ["ignore", "pipe", "inherit"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`valhalla_build_config exited with ${code}`));
      writeFileSync(configPath, Buffer.concat(chunks));
      resolve();
    });
  });
  return configPath;
}

async function buildTiles(region: Region, pbf: string, configPath: string): Promise<void> {
  const dir = regionDir(region);
  const log = path.join(dir, "build.log");
  writeFileSync(log, `# ${new Date().toISOString()} ${region.name}\n`);
  rmSync(path.join(dir, "tiles"), { recursive: true, force: true });
  await sh("valhalla_build_admins", ["--config", configPath, pbf], { logFile: log });
  await sh("valhalla_build_timezones", [], { cwd: dir, logFile: log }).catch(() => {
    console.warn(`${region.name}: timezones failed, routing works without them`);
  });
  await sh("valhalla_build_tiles", ["-c", configPath, pbf], { logFile: log });
  await sh("valhalla_build_extract", ["-c", configPath, "-v", "--overwrite"], { logFile: log });
}

function cleanBuild(): void {
  const resolved = path.resolve(BUILD);
  if (!resolved.startsWith(path.join(ROOT, "build") + path.sep)) {
    throw new Error(`refusing to remove ${resolved}`);
  }
  rmSync(resolved, { recursive: true, force: true });
  console.log(`removed ${path.relative(ROOT, resolved)}`);
}

function summary(region: Region): string {
  const tar = path.join(regionDir(region), "tiles.tar");
  if (!existsSync(tar)) return `${region.name}: no tiles.tar`;
  return `${region.name}: tiles.tar ${(statSync(tar).size / 1e6).toFixed(0)} MB`;
}

async function smokeTest(region: Region, configPath: string): Promise<void> {
  const probe = path.join(ROOT, "config", "probes", `${region.name}.json`);
  if (!existsSync(probe)) return;
  await sh("valhalla_service", [configPath, "route", readFileSync(probe, "utf8")], { logFile: path.join(regionDir(region), "probe.log") });
  console.log(`${region.name}: probe route ok`);
}

function checkTools(): void {
  const tools = ["valhalla_build_config", "valhalla_build_admins", "valhalla_build_tiles", "valhalla_build_extract"];
  const missing: string[] = [];
  for (const tool of tools) {
    const dirs = (process.env.PATH ?? "").split(path.delimiter);
    if (!dirs.some((d) => existsSync(path.join(d, tool)))) missing.push(tool);
  }
  if (missing.length) {
    throw new Error(`missing ${missing.join(", ")}; install valhalla or use the docker image (see docs/routing.md)`);
  }
}

function writeManifest(regions: Region[]): void {
  const manifest = regions.map((r) => ({ region: r.name, source: `${GEOFABRIK}/${r.geofabrik}-latest.osm.pbf`, summary: summary(r) }));
  writeFileSync(path.join(BUILD, "manifest.json"), JSON.stringify({ built: new Date().toISOString(), regions: manifest }, null, 2));
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  checkTools();
  const cfg = loadConfig();
  if (argv.includes("--clean")) cleanBuild();
  const ri = argv.indexOf("--region");
  const regions = ri >= 0 ? cfg.regions.filter((r) => r.name === argv[ri + 1]) : cfg.regions;
  if (!regions.length) throw new Error("no matching region in config/regions.json");
  const started = Date.now();
  for (const region of regions) {
    const t0 = Date.now();
    const pbf = await download(region);
    const configPath = await buildConfig(region, region.concurrency ?? cfg.defaultConcurrency);
    await buildTiles(region, pbf, configPath);
    await smokeTest(region, configPath);
    console.log(`${summary(region)} (${((Date.now() - t0) / 60000).toFixed(1)} min)`);
  }
  writeManifest(regions);
  console.log(`all done in ${((Date.now() - started) / 60000).toFixed(1)} min`);
}

main().catch((err: Error) => {
  console.error(`valhalla-build: ${err.message}`);
  process.exit(1);
});
