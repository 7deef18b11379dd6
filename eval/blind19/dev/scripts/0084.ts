// ml/track.ts - run a training command and record it in the local MLflow server.
//
//   npx tsx ml/track.ts --experiment churn -- python -m ml.train --epochs 20
//
// Creates/gets the experiment on MLFLOW_TRACKING_URI (default
// http://127.0.0.1:5001, started by `make mlflow`), opens a run, logs params
// from params.yaml and the git commit, runs the command with MLFLOW_RUN_ID
// exported, parses `metric name=value step=n` lines from its stdout into
// MLflow metrics, uploads metrics.json as an artifact, and closes the run.

import { spawn, execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { parse as parseYaml } from "yaml";

interface RunInfo {
  run_id: string;
  experiment_id: string;
  artifact_uri: string;
}

const ROOT = path.resolve(__dirname, "..");
const TRACKING = (process.env.MLFLOW_TRACKING_URI ?? "http://127.0.0.1:5001").replace(/\/$/, "");
const API = `${TRACKING}/api/2.0/mlflow`;
const METRIC_LINE = /^metric\s+([\w.\/-]+)=(-?[\d.eE+-]+)(?:\s+step=(\d+))?/;

async function post<T>(endpoint: string, body: unknown): Promise<T> {
  const res = await fetch(`${API}/${endpoint}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${endpoint}: ${res.status} ${text.slice(0, 200)}`);
  return (text ? JSON.parse(text) : {}) as T;
}

async function get<T>(endpoint: string, query: Record<string, string>): Promise<T | null> {
  const res = await fetch(`${API}/${endpoint}?${new URLSearchParams(query)}`);
  if (res.status === 404) return null;
  const text = await res.text();
  if (!res.ok) {
    if (text.includes("RESOURCE_DOES_NOT_EXIST")) return null;
    throw new Error(`${endpoint}: ${res.status} ${text.slice(0, 200)}`);
  }
  return JSON.parse(text) as T;
}

async function experimentId(name: string): Promise<string> {
  const found = await get<{ experiment: { experiment_id: string } }>("experiments/get-by-name", { experiment_name: name });
  if (found) return found.experiment.experiment_id;
  const created = await post<{ experiment_id: string }>("experiments/create", { name });
  return created.experiment_id;
}

function git(args: string[]): string {
  try {
    return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return "";
  }
}

function flatten(obj: Record<string, unknown>, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object" && !Array.isArray(v)) Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = String(v);
  }
  return out;
}

function loadParams(): Record<string, string> {
  const file = path.join(ROOT, "params.yaml");
  if (!existsSync(file)) return {};
  return flatten(parseYaml(readFileSync(file, "utf8")) ?? {});
}

async function startRun(expId: string, command: string[]): Promise<RunInfo> {
  const tags = [
    { key: "mlflow.source.git.commit", value: git(["rev-parse", "HEAD"]) },
    { key: "mlflow.source.name", value: command.join(" ").slice(0, 250) },
    { key: "git.dirty", value: String(git(["status", "--porcelain"]) !== "") },
    { key: "mlflow.user", value: process.env.USER ?? "dev" },
  ];
  const res = await post<{ run: { info: RunInfo } }>("runs/create", {
    experiment_id: expId,
    start_time: Date.now(),
    tags,
  });
  return res.run.info;
}

async function logParams(runId: string, params: Record<string, string>): Promise<void> {
  const entries = Object.entries(params).map(([key, value]) => ({ key, value: value.slice(0, 500) }));
  for (let i = 0; i < entries.length; i += 100) {
    await post("runs/log-batch", { run_id: runId, params: entries.slice(i, i + 100) });
  }
}

async function logMetric(runId: string, key: string, value: number, step: number): Promise<void> {
  await post("runs/log-metric", { run_id: runId, key, value, step, timestamp: Date.now() });
}

async function endRun(runId: string, status: "FINISHED" | "FAILED" | "KILLED"): Promise<void> {
  await post("runs/update", { run_id: runId, status, end_time: Date.now() });
}

function runCommand(command: string[], runId: string, onLine: (line: string) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), {
      cwd: ROOT,
      env: { ...process.env, MLFLOW_RUN_ID: runId, MLFLOW_TRACKING_URI: TRACKING },
      stdio: ["inherit", "pipe", "inherit"],
    });
    const rl = readline.createInterface({ input: child.stdout! });
    rl.on("line", (line) => {
      process.stdout.write(line + "\n");
      onLine(line);
    });
    process.on("SIGINT", () => child.kill("SIGINT"));
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(signal ? 130 : code ?? 1));
  });
}

async function logArtifact(run: RunInfo, file: string): Promise<void> {
  // the local server proxies artifacts (mlflow server --serve-artifacts)
  if (!existsSync(file)) return;
  const rel = path.basename(file);
  const res = await fetch(`${TRACKING}/api/2.0/mlflow-artifacts/artifacts/${run.experiment_id}/${run.run_id}/artifacts/${rel}`, {
    method: "PUT",
    body: readFileSync(file),
  });
  if (!res.ok) console.error(`artifact upload of ${rel} failed: ${res.status}`);
}

async function serverUp(): Promise<boolean> {
  try {
    const res = await fetch(`${TRACKING}/health`);
    return res.ok;
  } catch {
    return false;
  }
}

function parseArgs(argv: string[]): { experiment: string; command: string[] } {
  const sep = argv.indexOf("--");
  if (sep < 0 || sep === argv.length - 1) throw new Error("usage: track.ts --experiment NAME -- <command...>");
  const head = argv.slice(0, sep);
  const i = head.indexOf("--experiment");
  return { experiment: i >= 0 ? head[i + 1] : "default", command: argv.slice(sep + 1) };
}

async function main(): Promise<void> {
  const { experiment, command } = parseArgs(process.argv.slice(2));
  if (!(await serverUp())) throw new Error(`no MLflow server at ${TRACKING} (make mlflow)`);
  const expId = await experimentId(experiment);
  const run = await startRun(expId, command);
  console.error(`mlflow run ${run.run_id} in experiment ${experiment} (${TRACKING})`);
  await logParams(run.run_id, loadParams());

  const pending: Promise<void>[] = [];
  let status: "FINISHED" | "FAILED" | "KILLED" = "FAILED";
  try {
    const code = await runCommand(command, run.run_id, (line) => {
      const m = METRIC_LINE.exec(line);
      if (m) pending.push(logMetric(run.run_id, m[1], Number(m[2]), Number(m[3] ?? 0)));
    });
    await Promise.all(pending);
    await logArtifact(run, path.join(ROOT, "metrics.json"));
    status = code === 0 ? "FINISHED" : code === 130 ? "KILLED" : "FAILED";
    process.exitCode = code;
  } finally {
    await endRun(run.run_id, status);
    console.error(`run ${status.toLowerCase()}: ${TRACKING}/#/experiments/${expId}/runs/${run.run_id}`);
  }
}

main().catch((err: Error) => {
  console.error(`track: ${err.message}`);
  process.exitCode = 1;
});
