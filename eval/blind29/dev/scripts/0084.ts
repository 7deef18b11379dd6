#!/usr/bin/env -S npx tsx
// Generate and run PDAL pipelines for the survey deliverables.
//
//   npx tsx tools/pdal-products.ts data/block_07.laz                 # all products
//   npx tsx tools/pdal-products.ts data/block_07.laz --only dtm,hag --resolution 0.5
//   npx tsx tools/pdal-products.ts data/*.laz --reproject EPSG:25832 --jobs 3
//
// Products (written to build/products/<stem>/):
//   ground  – SMRF ground classification, LAZ
//   dtm     – IDW raster of ground points, GeoTIFF
//   dsm     – max-Z raster of first returns, GeoTIFF
//   hag     – height above ground (HeightAboveGround filter), LAZ with extra dim
//   density – point density hexbin boundary (writers.ogr via filters.hexbin)
// Pipelines are written next to the products (*.pipeline.json) so they can be
// re-run by hand.  A product is skipped if it is newer than the input.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

type ProductName = "ground" | "dtm" | "dsm" | "hag" | "density";
type Stage = Record<string, unknown> | string;

interface Job {
  input: string;
  product: ProductName;
  output: string;
  pipeline: { pipeline: Stage[] };
}

interface Options {
  inputs: string[];
  only: ProductName[];
  resolution: number;
  reproject?: string;
  jobs: number;
  force: boolean;
}

const ROOT = path.resolve(__dirname, "..");
const ALL: ProductName[] = ["ground", "dtm", "dsm", "hag", "density"];
const EXT: Record<ProductName, string> = { ground: "laz", dtm: "tif", dsm: "tif", hag: "laz", density: "gpkg" };

function parseOptions(argv: string[]): Options {
  const opts: Options = { inputs: [], only: ALL, resolution: 1, jobs: Math.max(1, os.cpus().length - 1), force: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    switch (a) {
      case "--only":
        opts.only = argv[++i].split(",").map((s) => s.trim()) as ProductName[];
        break;
      case "--resolution":
        opts.resolution = Number(argv[++i]);
        break;
      case "--reproject":
        opts.reproject = argv[++i];
        break;
      case "--jobs":
        opts.jobs = Number(argv[++i]);
        break;
      case "--force":
        opts.force = true;
        break;
      default:
        if (a.startsWith("--")) throw new Error(`unknown option ${a}`);
        opts.inputs.push(path.resolve(a));
    }
  }
  const bad = opts.only.filter((p) => !ALL.includes(p));
  if (bad.length) throw new Error(`unknown product(s): ${bad.join(", ")}`);
  if (!(opts.resolution > 0)) throw new Error("--resolution must be positive");
  if (opts.reproject && !/^EPSG:\d{4,5}$/.test(opts.reproject)) throw new Error("--reproject expects EPSG:<code>");
  if (!opts.inputs.length) throw new Error("no input files");
  return opts;
}

function readerStages(input: string, reproject?: string): Stage[] {
  const stages: Stage[] = [{ type: "readers.las", filename: input }];
  if (reproject) stages.push({ type: "filters.reprojection", out_srs: reproject });
  stages.push({ type: "filters.outlier", method: "statistical", mean_k: 12, multiplier: 2.5 });
  return stages;
}

function groundStages(): Stage[] {
  return [
    { type: "filters.assign", assignment: "Classification[:]=0" },
    { type: "filters.elm" },
    { type: "filters.smrf", ignore: "Classification[7:7]", slope: 0.15, window: 18, threshold: 0.5, scalar: 1.25 },
  ];
}

function buildPipeline(product: ProductName, input: string, output: string, o: Options): Stage[] {
  const base = readerStages(input, o.reproject);
  switch (product) {
    case "ground":
      return [...base, ...groundStages(), { type: "writers.las", filename: output, compression: "laszip", forward: "all" }];
    case "dtm":
      return [
        ...base,
        ...groundStages(),
        { type: "filters.range", limits: "Classification[2:2]" },
        { type: "writers.gdal", filename: output, resolution: o.resolution, output_type: "idw", window_size: 6, gdalopts: "COMPRESS=DEFLATE,PREDICTOR=3,TILED=YES" },
      ];
    case "dsm":
      return [
        ...base,
        { type: "filters.range", limits: "ReturnNumber[1:1]" },
        { type: "writers.gdal", filename: output, resolution: o.resolution, output_type: "max", gdalopts: "COMPRESS=DEFLATE,TILED=YES" },
      ];
    case "hag":
      return [
        ...base,
        ...groundStages(),
        { type: "filters.hag_nn" },
        { type: "writers.las", filename: output, compression: "laszip", extra_dims: "HeightAboveGround=float32", minor_version: 4 },
      ];
    case "density":
      return [...base, { type: "filters.hexbin", edge_length: o.resolution * 10 }, { type: "writers.ogr", filename: output, ogrdriver: "GPKG", measure_dim: "Z" }];
  }
}

async function upToDate(input: string, output: string): Promise<boolean> {
  if (!existsSync(output)) return false;
  const [i, o] = await Promise.all([stat(input), stat(output)]);
  return o.mtimeMs > i.mtimeMs;
}

function runPdal(pipelineFile: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("pdal", ["pipeline", pipelineFile], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    child.on("close", (code) => resolve({ code: code ?? 1, stderr }));
    child.on("error", (err) => resolve({ code: 127, stderr: err.message }));
  });
}

async function runPool<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let cursor = 0;
  const worker = async () => {
    while (cursor < items.length) {
      const idx = cursor++;
      results[idx] = await fn(items[idx]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}

async function main(): Promise<number> {
  const o = parseOptions(process.argv.slice(2));
  const jobs: Job[] = [];
  for (const input of o.inputs) {
    if (!existsSync(input)) throw new Error(`${input} not found`);
    const stem = path.basename(input).replace(/\.(laz|las|copc\.laz)$/i, "");
    const outDir = path.join(ROOT, "build", "products", stem);
    await mkdir(outDir, { recursive: true });
    for (const product of o.only) {
      const output = path.join(outDir, `${stem}_${product}.${EXT[product]}`);
      if (!o.force && (await upToDate(input, output))) {
        console.error(`[pdal] ${stem}/${product}: up to date`);
        continue;
      }
      jobs.push({ input, product, output, pipeline: { pipeline: buildPipeline(product, input, output, o) } });
    }
  }

  const results = await runPool(jobs, o.jobs, async (job) => {
    const file = job.output.replace(/\.[^.]+$/, ".pipeline.json");
    await writeFile(file, JSON.stringify(job.pipeline, null, 2));
    const started = Date.now();
    const res = await runPdal(file);
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    if (res.code !== 0) {
      await rm(job.output, { force: true }); // partial output of this job
      console.error(`[pdal] ${path.basename(job.output)} FAILED after ${secs}s: ${res.stderr.trim().split("\n").pop()}`);
    } else {
      console.error(`[pdal] ${path.basename(job.output)} done in ${secs}s`);
    }
    return res.code;
  });

  const failed = results.filter((c) => c !== 0).length;
  console.error(`[pdal] ${jobs.length} job(s), ${failed} failed`);
  return failed ? 1 : 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[pdal] ${e.message}`);
    process.exit(1);
  },
);
