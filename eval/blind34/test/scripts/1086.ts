#!/usr/bin/env -S npx tsx
/**
 * triton-repo.ts — generate the Triton model repository from models.yaml and
 * run perf_analyzer against a local Triton container.
 *
 *   npx tsx tools/triton-repo.ts build             # write model_repository/
 *   npx tsx tools/triton-repo.ts perf --model ocr  # needs tritonserver on localhost
 *
 * models.yaml lists each model's ONNX file, inputs/outputs and batching.
 * The generated repository goes to model_repository/ (gitignored), replacing
 * only that directory.  perf_analyzer only ever targets localhost:8001.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(REPO, "model_repository");
const PERF_URL = "localhost:8001";

interface TensorSpec {
  name: string;
  dtype: "TYPE_FP32" | "TYPE_FP16" | "TYPE_INT64" | "TYPE_UINT8" | "TYPE_STRING";
  dims: number[];
}

interface ModelSpec {
  name: string;
  onnx: string;
  version?: number;
  maxBatch: number;
  inputs: TensorSpec[];
  outputs: TensorSpec[];
  dynamicBatching?: { preferred: number[]; maxQueueDelayUs: number };
  instances?: { count: number; kind: "KIND_GPU" | "KIND_CPU" };
}

function loadSpecs(): ModelSpec[] {
  const doc = parseYaml(readFileSync(join(REPO, "models.yaml"), "utf8")) as { models: ModelSpec[] };
  for (const m of doc.models) {
    if (!/^[a-z0-9_-]+$/.test(m.name)) throw new Error(`bad model name ${m.name}`);
    if (!existsSync(resolve(REPO, m.onnx))) throw new Error(`${m.name}: ${m.onnx} not found (run make export-onnx)`);
    if (m.dynamicBatching && Math.max(...m.dynamicBatching.preferred) > m.maxBatch) {
      throw new Error(`${m.name}: preferred batch sizes exceed maxBatch`);
    }
  }
  return doc.models;
}

function tensor(t: TensorSpec): string {
  return `  {\n    name: "${t.name}"\n    data_type: ${t.dtype}\n    dims: [ ${t.dims.join(", ")} ]\n  }`;
}

function configPbtxt(m: ModelSpec): string {
  const parts = [
    `name: "${m.name}"`,
    'platform: "onnxruntime_onnx"',
    `max_batch_size: ${m.maxBatch}`,
    `input [\n${m.inputs.map(tensor).join(",\n")}\n]`,
    `output [\n${m.outputs.map(tensor).join(",\n")}\n]`,
  ];
  if (m.dynamicBatching) {
    parts.push(
      `dynamic_batching {\n  preferred_batch_size: [ ${m.dynamicBatching.preferred.join(", ")} ]\n  max_queue_delay_microseconds: ${m.dynamicBatching.maxQueueDelayUs}\n}`,
    );
  }
  const inst = m.instances ?? { count: 1, kind: "KIND_GPU" };
  parts.push(`instance_group [\n  {\n    count: ${inst.count}\n    kind: ${inst.kind}\n  }\n]`);
  return parts.join("\n") + "\n";
}

function build(specs: ModelSpec[]): void {
  const staging = `${OUT}.staging`;
  rmSync(staging, { recursive: true, force: true });
  for (const m of specs) {
    const versionDir = join(staging, m.name, String(m.version ?? 1));
    mkdirSync(versionDir, { recursive: true });
    copyFileSync(resolve(REPO, m.onnx), join(versionDir, "model.onnx"));
    writeFileSync(join(staging, m.name, "config.pbtxt"), configPbtxt(m));
    console.log(`  ${m.name} v${m.version ?? 1}: batch ${m.maxBatch}, ${m.inputs.length} in / ${m.outputs.length} out`);
  }
  // Swap the staging tree into place; only our generated directory is replaced.
  rmSync(OUT, { recursive: true, force: true });
  renameSync(staging, OUT);
  console.log(`model repository written to ${OUT.slice(REPO.length + 1)}/`);
}

function serverReady(): boolean {
  const res = spawnSync("curl", ["-fsS", "-o", "/dev/null", "http://localhost:8000/v2/health/ready"]);
  return res.status === 0;
}

function perf(spec: ModelSpec, concurrency: string): void {
  if (!serverReady()) {
    throw new Error("Triton is not ready on localhost:8000; start it with scripts/triton-local.sh");
  }
  const shape = spec.inputs.map((i) => `${i.name}:${i.dims.map((d) => (d < 0 ? 224 : d)).join(",")}`);
  const args = [
    "-m", spec.name,
    "-u", PERF_URL,
    "-i", "grpc",
    "--concurrency-range", concurrency,
    "--measurement-interval", "5000",
    "-f", join(REPO, "build", `perf-${spec.name}.csv`),
    ...shape.flatMap((s) => ["--shape", s]),
  ];
  mkdirSync(join(REPO, "build"), { recursive: true });
  console.log(`$ perf_analyzer ${args.join(" ")}`);
  const res = spawnSync("perf_analyzer", args, { stdio: "inherit" });
  if (res.status !== 0) throw new Error("perf_analyzer failed");
}

function summarisePerf(name: string): void {
  const file = join(REPO, "build", `perf-${name}.csv`);
  if (!existsSync(file)) return;
  const [head, ...rows] = readFileSync(file, "utf8").trim().split("\n");
  const cols = head.split(",");
  const idx = (c: string) => cols.indexOf(c);
  for (const r of rows) {
    const v = r.split(",");
    console.log(`concurrency ${v[idx("Concurrency")]}: ${v[idx("Inferences/Second")]} infer/s, p99 ${Number(v[idx("p99 latency")]) / 1000} ms`);
  }
}

const HELP = `triton-repo.ts build | perf --model NAME [--concurrency A:B:STEP]

models.yaml
  models:
    - name: ocr
      onnx: export/ocr.onnx
      version: 3
      maxBatch: 16
      inputs:  [{name: pixel_values, dtype: TYPE_FP32, dims: [3, -1, -1]}]
      outputs: [{name: logits, dtype: TYPE_FP32, dims: [-1, 97]}]
      dynamicBatching: {preferred: [4, 8, 16], maxQueueDelayUs: 2000}
      instances: {count: 2, kind: KIND_GPU}

build   writes model_repository/<name>/<version>/model.onnx and
        model_repository/<name>/config.pbtxt via a staging directory that
        replaces model_repository/ only after every model was written
perf    runs perf_analyzer over gRPC against localhost:8001 and prints
        throughput and p99 latency per concurrency level; dynamic
        dimensions are replaced by 224 for the synthetic input shapes`;

/** Check that every generated config.pbtxt parses the way Triton expects. */
function lintRepo(specs: ModelSpec[]): string[] {
  const problems: string[] = [];
  for (const m of specs) {
    const file = join(OUT, m.name, "config.pbtxt");
    if (!existsSync(file)) {
      problems.push(`${m.name}: config.pbtxt missing`);
      continue;
    }
    const text = readFileSync(file, "utf8");
    if (!text.includes(`name: "${m.name}"`)) problems.push(`${m.name}: name mismatch in config`);
    const opens = (text.match(/[[{]/g) ?? []).length;
    const closes = (text.match(/[\]}]/g) ?? []).length;
    if (opens !== closes) problems.push(`${m.name}: unbalanced brackets in config.pbtxt`);
  }
  return problems;
}

function main(): void {
  if (process.argv.includes("--help")) {
    console.log(HELP);
    return;
  }
  const [command = "build", ...rest] = process.argv.slice(2);
  const specs = loadSpecs();
  if (command === "build") {
    build(specs);
    const problems = lintRepo(specs);
    for (const p of problems) console.error(`lint: ${p}`);
    process.exitCode = problems.length ? 1 : 0;
    return;
  }
  if (command === "perf") {
    const name = rest[rest.indexOf("--model") + 1];
    const spec = specs.find((s) => s.name === name);
    if (!spec) throw new Error(`--model must be one of ${specs.map((s) => s.name).join(", ")}`);
    perf(spec, rest.includes("--concurrency") ? rest[rest.indexOf("--concurrency") + 1] : "1:8:2");
    summarisePerf(spec.name);
    return;
  }
  throw new Error(`unknown command ${command}`);
}

try {
  main();
} catch (err) {
  console.error(`triton-repo: ${(err as Error).message}`);
  process.exitCode = 1;
}
