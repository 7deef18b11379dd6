#!/usr/bin/env -S npx tsx
/**
 * Batch conversion of GNSS track files with gpsbabel.
 *
 * Converts every file under data/tracks/raw/ (NMEA, GPX, u-blox UBX, Garmin
 * FIT, KML) into GPX 1.1 and GeoJSON under build/tracks/, optionally
 * simplifying and splitting tracks, and writes an index with per-track
 * distance/duration that the map viewer loads.
 *
 *   npx tsx tools/tracks.ts
 *   npx tsx tools/tracks.ts --simplify 500 --jobs 4
 *   npx tsx tools/tracks.ts --clean        remove build/tracks first
 *
 * gpsbabel is invoked with argv arrays; input format is derived from the
 * extension via FORMATS (no user-supplied format strings reach the CLI).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, extname, join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = resolve(__dirname, "..");
const RAW = join(ROOT, "data", "tracks", "raw");
const OUT = join(ROOT, "build", "tracks");

const FORMATS: Record<string, string> = {
  ".nmea": "nmea",
  ".gpx": "gpx",
  ".ubx": "ubx",
  ".fit": "garmin_fit",
  ".kml": "kml",
  ".csv": "unicsv",
};

interface Point {
  lat: number;
  lon: number;
  ele?: number;
  time?: number;
}

interface TrackInfo {
  source: string;
  gpx: string;
  geojson: string;
  points: number;
  distanceKm: number;
  durationMin: number | null;
  bbox: [number, number, number, number] | null;
}

function options(argv: string[]): { simplify?: number; jobs: number; clean: boolean } {
  const get = (n: string) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : undefined);
  const simplify = get("--simplify");
  if (simplify !== undefined && !/^\d+$/.test(simplify)) throw new Error("--simplify takes a point count");
  return { simplify: simplify ? Number(simplify) : undefined, jobs: Number(get("--jobs") ?? 2), clean: argv.includes("--clean") };
}

function inputs(): string[] {
  if (!existsSync(RAW)) throw new Error(`no ${RAW.slice(ROOT.length + 1)} directory`);
  return readdirSync(RAW)
    .filter((f) => FORMATS[extname(f).toLowerCase()])
    .map((f) => join(RAW, f))
    .sort();
}

async function gpsbabel(input: string, output: string, simplify?: number): Promise<void> {
  const fmt = FORMATS[extname(input).toLowerCase()];
  const args = ["-t", "-i", fmt, "-f", input];
  if (simplify) args.push("-x", `simplify,count=${simplify}`);
  args.push("-x", "track,merge,sdistance=5k", "-o", "gpx,gpxver=1.1", "-F", output);
  try {
    await run("gpsbabel", args, { timeout: 120_000 });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`gpsbabel failed for ${basename(input)}: ${(e.stderr ?? e.message).trim().split("\n").pop()}`);
  }
}

function parseGpx(file: string): Point[] {
  const text = readFileSync(file, "utf8");
  const points: Point[] = [];
  const re = /<trkpt\s+lat="([-\d.]+)"\s+lon="([-\d.]+)"\s*>([\s\S]*?)<\/trkpt>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const body = m[3];
    const ele = /<ele>([-\d.]+)<\/ele>/.exec(body);
    const time = /<time>([^<]+)<\/time>/.exec(body);
    points.push({
      lat: Number(m[1]),
      lon: Number(m[2]),
      ele: ele ? Number(ele[1]) : undefined,
      time: time ? Date.parse(time[1]) : undefined,
    });
  }
  return points;
}

function haversineKm(a: Point, b: Point): number {
  const R = 6371;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

function toGeoJson(points: Point[], name: string): Record<string, unknown> {
  return {
    type: "FeatureCollection",
    features: [
      {
        type: "Feature",
        properties: { name },
        geometry: {
          type: "LineString",
          coordinates: points.map((p) => (p.ele === undefined ? [p.lon, p.lat] : [p.lon, p.lat, p.ele])),
        },
      },
    ],
  };
}

function summarise(source: string, gpx: string, geojson: string, points: Point[]): TrackInfo {
  let dist = 0;
  for (let i = 1; i < points.length; i++) dist += haversineKm(points[i - 1], points[i]);
  const times = points.map((p) => p.time).filter((t): t is number => t !== undefined);
  const lats = points.map((p) => p.lat);
  const lons = points.map((p) => p.lon);
  return {
    source: source.slice(ROOT.length + 1),
    gpx: gpx.slice(ROOT.length + 1),
    geojson: geojson.slice(ROOT.length + 1),
    points: points.length,
    distanceKm: Math.round(dist * 100) / 100,
    durationMin: times.length > 1 ? Math.round((times[times.length - 1] - times[0]) / 60000) : null,
    bbox: points.length ? [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)] : null,
  };
}

async function convertOne(input: string, simplify?: number): Promise<TrackInfo> {
  const name = basename(input, extname(input));
  const gpx = join(OUT, `${name}.gpx`);
  const geojson = join(OUT, `${name}.geojson`);
  const inStat = statSync(input);
  if (!existsSync(gpx) || statSync(gpx).mtimeMs < inStat.mtimeMs || simplify) {
    await gpsbabel(input, gpx, simplify);
  }
  const points = parseGpx(gpx);
  writeFileSync(geojson, JSON.stringify(toGeoJson(points, name)));
  return summarise(input, gpx, geojson, points);
}

async function pool<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        results[i] = { status: "fulfilled", value: await fn(items[i]) };
      } catch (reason) {
        results[i] = { status: "rejected", reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, size) }, worker));
  return results;
}

async function main(): Promise<number> {
  const opts = options(process.argv.slice(2));
  if (opts.clean && existsSync(OUT)) {
    rmSync(OUT, { recursive: true, force: true });
    console.log("removed build/tracks/");
  }
  mkdirSync(OUT, { recursive: true });
  const files = inputs();
  if (!files.length) {
    console.log("no track files found");
    return 0;
  }
  const results = await pool(files, opts.jobs, (f) => convertOne(f, opts.simplify));
  const tracks: TrackInfo[] = [];
  let failed = 0;
  results.forEach((r, i) => {
    if (r.status === "fulfilled") {
      tracks.push(r.value);
      const t = r.value;
      console.log(`${basename(files[i]).padEnd(32)} ${String(t.points).padStart(7)} pts ${t.distanceKm.toFixed(2).padStart(9)} km ${t.durationMin ?? "-"} min`);
    } else {
      failed++;
      console.error(`FAIL ${(r.reason as Error).message}`);
    }
  });
  writeFileSync(join(OUT, "index.json"), `${JSON.stringify({ generated: new Date().toISOString(), tracks }, null, 2)}\n`);
  console.log(`${tracks.length} track(s) converted, ${failed} failed; index at build/tracks/index.json`);
  return failed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`error: ${err.message}`);
    process.exitCode = 2;
  },
);
