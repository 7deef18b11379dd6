#!/usr/bin/env -S npx tsx
//
// Prediction file format: see tools/predict.py --help (boxes in pixels, xywh).
// Label names must match labelling/config.xml or Label Studio rejects the import.
// Scores below --min-score (default 0.35) are dropped to keep annotators sane.
//
// ls-preannotate.ts - import model predictions as pre-annotations into the local Label Studio.
//
//   npx tsx tools/ls-preannotate.ts build/preds/run-0612.json --project 4           dry run
//   npx tsx tools/ls-preannotate.ts build/preds/run-0612.json --project 4 --apply   import
//   npx tsx tools/ls-preannotate.ts --project 4 --undo --apply                      delete tasks we imported
//
// The undo step only deletes task ids recorded in build/ls-import/<project>.json by
// a previous import of this tool; tasks made by annotators are never touched.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, basename } from 'node:path';

const ROOT = resolve(import.meta.dirname ?? '.', '..');
const STATE_DIR = join(ROOT, 'build', 'ls-import');

interface Detection {
  label: string;
  score: number;
  box: [number, number, number, number]; // x, y, w, h in pixels
}

interface PredictionFile {
  model: string;
  images: Record<string, { width: number; height: number; detections: Detection[] }>;
}

interface LsResult {
  from_name: string;
  to_name: string;
  type: 'rectanglelabels';
  original_width: number;
  original_height: number;
  value: { x: number; y: number; width: number; height: number; rotation: 0; rectanglelabels: string[] };
  score: number;
}

interface ImportState {
  project: number;
  taskIds: number[];
  importedAt: string;
  source: string;
}

type Options = { file?: string; project: number; apply: boolean; undo: boolean; minScore: number };

function parseOptions(argv: string[]): Options {
  const opts: Options = { project: 0, apply: false, undo: false, minScore: 0.35 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--project') opts.project = Number(argv[++i]);
    else if (a === '--apply') opts.apply = true;
    else if (a === '--undo') opts.undo = true;
    else if (a === '--min-score') opts.minScore = Number(argv[++i]);
    else if (!a.startsWith('--')) opts.file = a;
    else throw new Error(`unknown option ${a}`);
  }
  if (!Number.isInteger(opts.project) || opts.project <= 0) throw new Error('--project <id> required');
  if (!opts.undo && !opts.file) throw new Error('prediction file required');
  return opts;
}

function env(name: string, fallback?: string): string {
  if (process.env[name]) return process.env[name] as string;
  const file = join(ROOT, '.env');
  if (existsSync(file)) {
    const m = new RegExp(`^${name}=(.*)$`, 'm').exec(readFileSync(file, 'utf8'));
    if (m) return m[1].trim();
  }
  if (fallback !== undefined) return fallback;
  throw new Error(`${name} is not set`);
}

class LabelStudio {
  readonly base: URL;
  constructor(base: string, private readonly token: string) {
    this.base = new URL(base);
    if (!['localhost', '127.0.0.1'].includes(this.base.hostname)) {
      throw new Error(`Label Studio must run locally, got ${this.base.hostname}`);
    }
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(new URL(path, this.base), {
      method,
      headers: { Authorization: `Token ${this.token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }
}

function toResults(img: PredictionFile['images'][string], minScore: number): LsResult[] {
  return img.detections
    .filter((d) => d.score >= minScore)
    .map((d) => ({
      from_name: 'label',
      to_name: 'image',
      type: 'rectanglelabels' as const,
      original_width: img.width,
      original_height: img.height,
      value: {
        x: (d.box[0] / img.width) * 100,
        y: (d.box[1] / img.height) * 100,
        width: (d.box[2] / img.width) * 100,
        height: (d.box[3] / img.height) * 100,
        rotation: 0 as const,
        rectanglelabels: [d.label],
      },
      score: d.score,
    }));
}

function statePath(project: number): string {
  return join(STATE_DIR, `${project}.json`);
}

function saveState(state: ImportState): void {
  mkdirSync(STATE_DIR, { recursive: true });
  const target = statePath(state.project);
  const tmp = `${target}.tmp`;
  writeFileSync(tmp, JSON.stringify(state, null, 2));
  renameSync(tmp, target);
}

async function importPredictions(ls: LabelStudio, opts: Options): Promise<void> {
  const preds = JSON.parse(readFileSync(opts.file!, 'utf8')) as PredictionFile;
  const tasks = Object.entries(preds.images).map(([file, img]) => ({
    data: { image: `/data/local-files/?d=data/frames/${encodeURIComponent(file)}` },
    predictions: [{ model_version: preds.model, score: Math.max(0, ...img.detections.map((d) => d.score)), result: toResults(img, opts.minScore) }],
  }));
  const boxes = tasks.reduce((n, t) => n + t.predictions[0].result.length, 0);
  console.log(`${tasks.length} tasks, ${boxes} boxes above score ${opts.minScore} from ${preds.model}`);
  if (!opts.apply) {
    console.log('dry run; add --apply to import');
    return;
  }
  const resp = await ls.call<{ task_ids?: number[]; task_count: number }>('POST', `/api/projects/${opts.project}/import?return_task_ids=true`, tasks);
  const previous = existsSync(statePath(opts.project)) ? (JSON.parse(readFileSync(statePath(opts.project), 'utf8')) as ImportState).taskIds : [];
  saveState({ project: opts.project, taskIds: [...previous, ...(resp.task_ids ?? [])], importedAt: new Date().toISOString(), source: basename(opts.file!) });
  console.log(`imported ${resp.task_count} tasks into project ${opts.project}`);
}

async function undo(ls: LabelStudio, opts: Options): Promise<void> {
  const file = statePath(opts.project);
  if (!existsSync(file)) {
    console.log(`no import state for project ${opts.project}; nothing to undo`);
    return;
  }
  const state = JSON.parse(readFileSync(file, 'utf8')) as ImportState;
  if (state.project !== opts.project) throw new Error('state file does not match project');
  for (const id of state.taskIds) {
    if (!opts.apply) {
      console.log(`would delete task ${id}`);
      continue;
    }
    await ls.call<void>('DELETE', `/api/tasks/${id}/`);
    console.log(`deleted task ${id}`);
  }
  if (opts.apply) saveState({ ...state, taskIds: [], importedAt: new Date().toISOString() });
  else console.log('dry run; add --apply to delete');
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const ls = new LabelStudio(env('LABEL_STUDIO_URL', 'http://localhost:8080'), env('LABEL_STUDIO_API_KEY'));
  const project = await ls.call<{ id: number; title: string }>('GET', `/api/projects/${opts.project}/`);
  console.log(`project ${project.id}: ${project.title}`);
  if (opts.undo) await undo(ls, opts);
  else await importPredictions(ls, opts);
  mkdirSync(dirname(statePath(opts.project)), { recursive: true });
}

main().catch((err: unknown) => {
  console.error(`ls-preannotate: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
