#!/usr/bin/env -S npx tsx
/**
 * On-device model regression check for the Harbor offline classifier.
 *
 *   tsx tools/model-check.ts [--model assets/models/classifier.onnx] [--golden tests/golden/classifier] [--threads 2]
 *
 * Runs the ONNX model that ships in the app bundle with onnxruntime-node over the
 * golden cases (input tensors + expected top-k labels and scores produced by
 * the training repo), and reports: top-1 agreement, max absolute score
 * difference, and p50/p95 latency. The model file must live inside the app's
 * assets folder; golden files are plain JSON in the repository. The result is
 * written to reports/model-check.json and compared with the previous result
 * there, so a regression in agreement or latency fails the run.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as ort from 'onnxruntime-node';

const APP_DIR = path.resolve(__dirname, '..');
const REPORT = path.join(APP_DIR, 'reports', 'model-check.json');

interface GoldenCase {
  id: string;
  input: { name: string; dims: number[]; data: number[] };
  expected: { labels: string[]; scores: number[] };
}

interface Options {
  model: string;
  golden: string;
  threads: number;
  maxScoreDiff: number;
  maxLatencyRegression: number;
}

interface Report {
  model: string;
  cases: number;
  top1Agreement: number;
  maxScoreDiff: number;
  p50Ms: number;
  p95Ms: number;
  failures: string[];
}

function parseOptions(argv: string[]): Options {
  const o: Options = {
    model: 'assets/models/classifier.onnx',
    golden: 'tests/golden/classifier',
    threads: 2,
    maxScoreDiff: 0.02,
    maxLatencyRegression: 1.25,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--model') o.model = argv[++i];
    else if (a === '--golden') o.golden = argv[++i];
    else if (a === '--threads') o.threads = Number(argv[++i]);
    else if (a === '--max-score-diff') o.maxScoreDiff = Number(argv[++i]);
    else throw new Error(`unrecognised option ${a}`);
  }
  const modelAbs = path.resolve(APP_DIR, o.model);
  if (!modelAbs.startsWith(path.join(APP_DIR, 'assets') + path.sep)) throw new Error('--model must be inside assets/');
  return { ...o, model: modelAbs, golden: path.resolve(APP_DIR, o.golden) };
}

function loadGolden(dir: string): GoldenCase[] {
  if (!existsSync(dir)) throw new Error(`golden dir ${path.relative(APP_DIR, dir)} missing`);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as GoldenCase);
}

function labelsFor(modelPath: string): string[] {
  const file = modelPath.replace(/\.onnx$/, '.labels.txt');
  return readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
}

function softmax(values: Float32Array): number[] {
  const max = Math.max(...values);
  const exps = Array.from(values, (v) => Math.exp(v - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((v) => v / sum);
}

function topK(scores: number[], labels: string[], k: number): { labels: string[]; scores: number[] } {
  const idx = scores.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0]).slice(0, k);
  return { labels: idx.map(([, i]) => labels[i]), scores: idx.map(([s]) => s) };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length));
  return sorted[idx];
}

async function run(o: Options): Promise<Report> {
  const session = await ort.InferenceSession.create(o.model, {
    intraOpNumThreads: o.threads,
    graphOptimizationLevel: 'all',
  });
  const labels = labelsFor(o.model);
  const cases = loadGolden(o.golden);
  const latencies: number[] = [];
  const failures: string[] = [];
  let agree = 0;
  let maxDiff = 0;

  for (const c of cases) {
    const tensor = new ort.Tensor('float32', Float32Array.from(c.input.data), c.input.dims);
    const started = performance.now();
    const out = await session.run({ [c.input.name]: tensor });
    latencies.push(performance.now() - started);
    const logits = out[session.outputNames[0]].data as Float32Array;
    const got = topK(softmax(logits), labels, c.expected.labels.length);
    if (got.labels[0] === c.expected.labels[0]) agree += 1;
    else failures.push(`${c.id}: top-1 ${got.labels[0]} != ${c.expected.labels[0]}`);
    c.expected.scores.forEach((s, i) => {
      maxDiff = Math.max(maxDiff, Math.abs(s - (got.scores[i] ?? 0)));
    });
  }

  return {
    model: path.relative(APP_DIR, o.model),
    cases: cases.length,
    top1Agreement: cases.length ? agree / cases.length : 0,
    maxScoreDiff: maxDiff,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    failures,
  };
}

function compare(current: Report, previous: Report | null, o: Options): string[] {
  const problems: string[] = [];
  if (current.maxScoreDiff > o.maxScoreDiff) problems.push(`max score diff ${current.maxScoreDiff.toFixed(4)} > ${o.maxScoreDiff}`);
  if (current.top1Agreement < 1) problems.push(`${current.failures.length} top-1 mismatches`);
  if (previous && current.p95Ms > previous.p95Ms * o.maxLatencyRegression) {
    problems.push(`p95 latency ${current.p95Ms.toFixed(1)}ms vs ${previous.p95Ms.toFixed(1)}ms before`);
  }
  return problems;
}

async function main(): Promise<void> {
  const o = parseOptions(process.argv.slice(2));
  const previous = existsSync(REPORT) ? (JSON.parse(readFileSync(REPORT, 'utf8')) as Report) : null;
  const report = await run(o);
  console.log(
    `${report.cases} cases: top-1 ${(report.top1Agreement * 100).toFixed(1)}%, max |Δscore| ${report.maxScoreDiff.toFixed(4)}, ` +
      `p50 ${report.p50Ms.toFixed(1)}ms, p95 ${report.p95Ms.toFixed(1)}ms`,
  );
  for (const f of report.failures.slice(0, 20)) console.log(`  ${f}`);
  const problems = compare(report, previous, o);
  mkdirSync(path.dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, JSON.stringify(report, null, 2) + '\n');
  if (problems.length) {
    console.error(`FAIL: ${problems.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('PASS');
  }
}

main().catch((err) => {
  console.error(`model-check: ${(err as Error).message}`);
  process.exit(1);
});
