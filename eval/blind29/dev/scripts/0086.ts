#!/usr/bin/env -S npx tsx
// Run the COLMAP reconstruction for an image set, step by step, with resume.
//
//   npx tsx tools/colmap-run.ts images/facade_2024
//   npx tsx tools/colmap-run.ts images/facade_2024 --dense --gpu 0
//   npx tsx tools/colmap-run.ts images/facade_2024 --from mapper
//
// Steps: feature_extractor → exhaustive/sequential matcher → mapper →
// model_converter (TXT) → [image_undistorter → patch_match_stereo →
// stereo_fusion].  Each step writes a marker in build/colmap/<set>/.state so
// a crash resumes at the failed step.  All processes are children of this
// script; on Ctrl-C the running COLMAP process is terminated and the partial
// output of that step removed.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const STEPS = ["features", "matching", "mapper", "convert", "undistort", "stereo", "fusion"] as const;
type Step = (typeof STEPS)[number];

interface Ctx {
  images: string;
  work: string;
  db: string;
  sparse: string;
  dense: string;
  gpu: string;
  sequential: boolean;
  dense_enabled: boolean;
}

const ROOT = path.resolve(__dirname, "..");
let current: ChildProcess | null = null;
let currentOutputs: string[] = [];

function log(msg: string) {
  console.error(`[colmap ${new Date().toISOString().slice(11, 19)}] ${msg}`);
}

function parseArgs(): { ctx: Ctx; from?: Step } {
  const a = process.argv.slice(2);
  const images = a.find((x) => !x.startsWith("--"));
  if (!images) throw new Error("usage: colmap-run.ts <image-folder> [--dense] [--gpu N] [--from STEP] [--sequential]");
  const abs = path.resolve(images);
  if (!abs.startsWith(ROOT + path.sep)) throw new Error("image folder must be inside the repository");
  const set = path.basename(abs);
  const work = path.join(ROOT, "build", "colmap", set);
  const get = (k: string) => (a.includes(k) ? a[a.indexOf(k) + 1] : undefined);
  const from = get("--from") as Step | undefined;
  if (from && !STEPS.includes(from)) throw new Error(`--from must be one of ${STEPS.join(", ")}`);
  return {
    from,
    ctx: {
      images: abs,
      work,
      db: path.join(work, "database.db"),
      sparse: path.join(work, "sparse"),
      dense: path.join(work, "dense"),
      gpu: get("--gpu") ?? "-1",
      sequential: a.includes("--sequential"),
      dense_enabled: a.includes("--dense"),
    },
  };
}

function commandFor(step: Step, c: Ctx): { args: string[]; outputs: string[] } {
  const gpu = c.gpu !== "-1";
  switch (step) {
    case "features":
      return {
        args: ["feature_extractor", "--database_path", c.db, "--image_path", c.images, "--ImageReader.single_camera", "1", "--SiftExtraction.use_gpu", gpu ? "1" : "0", ...(gpu ? ["--SiftExtraction.gpu_index", c.gpu] : [])],
        outputs: [c.db],
      };
    case "matching":
      return {
        args: [c.sequential ? "sequential_matcher" : "exhaustive_matcher", "--database_path", c.db, "--SiftMatching.use_gpu", gpu ? "1" : "0"],
        outputs: [],
      };
    case "mapper":
      return { args: ["mapper", "--database_path", c.db, "--image_path", c.images, "--output_path", c.sparse], outputs: [c.sparse] };
    case "convert":
      return { args: ["model_converter", "--input_path", path.join(c.sparse, "0"), "--output_path", path.join(c.work, "sparse_txt"), "--output_type", "TXT"], outputs: [path.join(c.work, "sparse_txt")] };
    case "undistort":
      return { args: ["image_undistorter", "--image_path", c.images, "--input_path", path.join(c.sparse, "0"), "--output_path", c.dense, "--output_type", "COLMAP"], outputs: [c.dense] };
    case "stereo":
      return { args: ["patch_match_stereo", "--workspace_path", c.dense, "--PatchMatchStereo.gpu_index", gpu ? c.gpu : "0"], outputs: [path.join(c.dense, "stereo", "depth_maps")] };
    case "fusion":
      return { args: ["stereo_fusion", "--workspace_path", c.dense, "--output_path", path.join(c.dense, "fused.ply")], outputs: [path.join(c.dense, "fused.ply")] };
  }
}

async function stateDone(c: Ctx): Promise<Set<Step>> {
  try {
    return new Set(JSON.parse(await readFile(path.join(c.work, ".state"), "utf8")) as Step[]);
  } catch {
    return new Set();
  }
}

async function markDone(c: Ctx, done: Set<Step>): Promise<void> {
  await writeFile(path.join(c.work, ".state"), JSON.stringify([...done]));
}

function runColmap(args: string[], logFile: string): Promise<number> {
  return new Promise((resolve, reject) => {
    current = spawn("colmap", args, { stdio: ["ignore", "pipe", "pipe"] });
    const chunks: string[] = [];
    current.stdout?.on("data", (d: Buffer) => chunks.push(d.toString()));
    current.stderr?.on("data", (d: Buffer) => chunks.push(d.toString()));
    current.on("error", reject);
    current.on("close", async (code) => {
      current = null;
      await writeFile(logFile, chunks.join(""));
      resolve(code ?? 1);
    });
  });
}

async function cleanupPartial(): Promise<void> {
  for (const out of currentOutputs) await rm(out, { recursive: true, force: true });
}

process.on("SIGINT", () => {
  if (current) {
    log(`terminating colmap (pid ${current.pid})`);
    current.kill("SIGTERM");
  }
  cleanupPartial().finally(() => process.exit(130));
});

async function main(): Promise<number> {
  const { ctx, from } = parseArgs();
  const imgs = (await readdir(ctx.images)).filter((f) => /\.(jpe?g|png|tiff?)$/i.test(f));
  if (imgs.length < 3) throw new Error(`only ${imgs.length} images in ${ctx.images}`);
  await mkdir(ctx.sparse, { recursive: true });
  const done = await stateDone(ctx);
  if (from) {
    for (const s of STEPS.slice(STEPS.indexOf(from))) done.delete(s);
  }
  const steps = STEPS.filter((s) => ctx.dense_enabled || !["undistort", "stereo", "fusion"].includes(s));
  log(`${imgs.length} images, steps: ${steps.join(" → ")}`);

  for (const step of steps) {
    if (done.has(step)) {
      log(`${step}: already done`);
      continue;
    }
    const { args, outputs } = commandFor(step, ctx);
    currentOutputs = outputs;
    const started = Date.now();
    const code = await runColmap(args, path.join(ctx.work, `${step}.log`));
    if (code !== 0) {
      log(`${step} failed (exit ${code}); see ${path.relative(ROOT, path.join(ctx.work, `${step}.log`))}`);
      return 1;
    }
    done.add(step);
    await markDone(ctx, done);
    log(`${step}: ok in ${((Date.now() - started) / 60000).toFixed(1)} min`);
  }

  if (existsSync(path.join(ctx.work, "sparse_txt", "images.txt"))) {
    const txt = await readFile(path.join(ctx.work, "sparse_txt", "images.txt"), "utf8");
    const registered = txt.split("\n").filter((l) => l && !l.startsWith("#")).length / 2;
    log(`registered ${registered}/${imgs.length} images`);
    if (registered < imgs.length * 0.8) {
      log("fewer than 80% of the images were registered; try --sequential for video frames");
    }
  }
  const fused = path.join(ctx.dense, "fused.ply");
  if (ctx.dense_enabled && existsSync(fused)) {
    const header = (await readFile(fused)).subarray(0, 512).toString("latin1");
    const vertices = /element vertex (\d+)/.exec(header)?.[1];
    log(`dense point cloud: ${vertices ?? "?"} points in ${path.relative(ROOT, fused)}`);
  }
  return 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    log(e.message);
    process.exit(1);
  },
);
