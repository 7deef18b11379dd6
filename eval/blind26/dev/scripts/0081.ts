#!/usr/bin/env -S npx tsx
// tools/render-queue.ts - queue Blender renders for the product shots.
//
// scenes.json lists scenes with camera/frame settings. Each job runs
//   blender -b <scene>.blend -P tools/setup_render.py -- --camera X --out build/shots/...
// with a per-job temp dir for Cycles' cache (removed afterwards). An
// AbortController cancels everything on Ctrl-C; only the child processes
// started by this queue are signalled.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync, readFileSync, existsSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, basename } from 'node:path';

const ROOT = resolve(__dirname, '..');
const SCENES_FILE = join(ROOT, 'scenes.json');
const SETUP = join(ROOT, 'tools', 'setup_render.py');
const OUT = join(ROOT, 'build', 'shots');
const BLENDER = process.env.BLENDER ?? 'blender';

interface SceneSpec {
  file: string;
  cameras: string[];
  frame?: number;
  samples?: number;
  resolution?: [number, number];
  variants?: Record<string, Record<string, string | number>>;
}

interface Job {
  id: string;
  scene: SceneSpec;
  camera: string;
  variant: string;
  overrides: Record<string, string | number>;
}

interface Outcome {
  job: Job;
  ok: boolean;
  seconds: number;
  output: string;
}

function loadScenes(): SceneSpec[] {
  if (!existsSync(SCENES_FILE)) throw new Error('scenes.json not found');
  const scenes = JSON.parse(readFileSync(SCENES_FILE, 'utf8')) as SceneSpec[];
  for (const s of scenes) {
    if (!existsSync(join(ROOT, 'scenes', s.file))) throw new Error(`missing scenes/${s.file}`);
    if (!s.cameras?.length) throw new Error(`${s.file}: no cameras listed`);
  }
  return scenes;
}

function expand(scenes: SceneSpec[], filter?: string): Job[] {
  const jobs: Job[] = [];
  for (const scene of scenes) {
    const variants = scene.variants ?? { default: {} };
    for (const camera of scene.cameras) {
      for (const [variant, overrides] of Object.entries(variants)) {
        const id = `${basename(scene.file, '.blend')}-${camera}-${variant}`;
        if (filter && !id.includes(filter)) continue;
        jobs.push({ id, scene, camera, variant, overrides });
      }
    }
  }
  return jobs;
}

function argv(job: Job, cacheDir: string): string[] {
  const [w, h] = job.scene.resolution ?? [2000, 2000];
  const out = join(OUT, `${job.id}.png`);
  const args = [
    '-b', join(ROOT, 'scenes', job.scene.file),
    '-P', SETUP,
    '--',
    '--camera', job.camera,
    '--frame', String(job.scene.frame ?? 1),
    '--samples', String(job.scene.samples ?? 256),
    '--resolution', `${w}x${h}`,
    '--cache-dir', cacheDir,
    '--out', out,
  ];
  for (const [key, value] of Object.entries(job.overrides)) {
    args.push('--set', `${key}=${value}`);
  }
  return args;
}

function renderOne(job: Job, signal: AbortSignal): Promise<Outcome> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'render-'));
  const started = Date.now();
  return new Promise((resolvePromise) => {
    const child = spawn(BLENDER, argv(job, cacheDir), { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const finish = (ok: boolean) => {
      rmSync(cacheDir, { recursive: true, force: true });
      writeFileSync(join(OUT, 'logs', `${job.id}.log`), log);
      resolvePromise({ job, ok, seconds: Math.round((Date.now() - started) / 1000), output: join(OUT, `${job.id}.png`) });
    };
    child.on('error', () => finish(false));
    child.on('close', (code) => finish(code === 0 && !/Error:/.test(log.slice(-2000))));
  });
}

async function runQueue(jobs: Job[], concurrency: number, signal: AbortSignal): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const queue = [...jobs];
  const workers = Array.from({ length: concurrency }, async () => {
    while (queue.length && !signal.aborted) {
      const job = queue.shift()!;
      process.stdout.write(`▶ ${job.id}\n`);
      const outcome = await renderOne(job, signal);
      outcomes.push(outcome);
      process.stdout.write(`${outcome.ok ? '✓' : '✗'} ${job.id} (${outcome.seconds}s)\n`);
    }
  });
  await Promise.all(workers);
  return outcomes;
}

function writeContactSheet(outcomes: Outcome[]): void {
  const ok = outcomes.filter((o) => o.ok).sort((a, b) => a.job.id.localeCompare(b.job.id));
  const rows = ok.map((o) => `<figure><img src="${basename(o.output)}" width="300"><figcaption>${o.job.id}</figcaption></figure>`);
  const html = `<!doctype html><meta charset="utf-8"><title>Product shots</title>
<style>body{font-family:sans-serif;display:flex;flex-wrap:wrap;gap:12px}figure{margin:0}</style>
${rows.join('\n')}
`;
  writeFileSync(join(OUT, 'index.html'), html);
}

function staleOutputs(jobs: Job[]): string[] {
  // renders older than their .blend file are stale; list them for --only-stale
  const stale: string[] = [];
  for (const job of jobs) {
    const out = join(OUT, `${job.id}.png`);
    const blend = join(ROOT, 'scenes', job.scene.file);
    if (!existsSync(out)) {
      stale.push(job.id);
      continue;
    }
    const outTime = statSync(out).mtimeMs;
    const srcTime = statSync(blend).mtimeMs;
    const setupTime = statSync(SETUP).mtimeMs;
    if (outTime < srcTime || outTime < setupTime) stale.push(job.id);
  }
  return stale;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const filter = args.find((a) => !a.startsWith('--'));
  if (args.includes('--list-stale')) {
    for (const id of staleOutputs(expand(loadScenes(), filter))) console.log(id);
    return;
  }
  const concurrency = Number(args.find((a) => a.startsWith('--jobs='))?.split('=')[1] ?? 1);
  const scenes = loadScenes();
  const jobs = expand(scenes, filter);
  if (!jobs.length) {
    console.log('no jobs match');
    return;
  }
  mkdirSync(join(OUT, 'logs'), { recursive: true });
  const controller = new AbortController();
  process.on('SIGINT', () => {
    console.log('\ncancelling renders…');
    controller.abort();
  });
  console.log(`${jobs.length} job(s), concurrency ${concurrency}`);
  const outcomes = await runQueue(jobs, concurrency, controller.signal);
  writeContactSheet(outcomes);
  const failed = outcomes.filter((o) => !o.ok);
  console.log(`${outcomes.length - failed.length} ok, ${failed.length} failed; contact sheet in build/shots/index.html`);
  process.exitCode = failed.length || controller.signal.aborted ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`render-queue: ${err.message}`);
  process.exitCode = 1;
});
