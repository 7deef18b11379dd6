/**
 * tools/airflow-cli.ts — small client for the LOCAL Airflow REST API (v1) used
 * while developing the `skyline` DAGs.
 *
 *   tsx tools/airflow-cli.ts dags                      list DAGs with pause state
 *   tsx tools/airflow-cli.ts trigger <dag> [json]      trigger a run with conf
 *   tsx tools/airflow-cli.ts runs <dag> [n]            last n runs and their state
 *   tsx tools/airflow-cli.ts wait <dag> <run_id>       poll until the run finishes
 *   tsx tools/airflow-cli.ts logs <dag> <run_id> <task>  print the task log
 *   tsx tools/airflow-cli.ts clear <dag> <run_id>      clear failed tasks of a run
 *
 * The API base is http://127.0.0.1:8080/api/v1 (the docker compose stack). Basic
 * auth credentials for the local UI come from airflow/.env; nothing else is
 * contacted.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const REPO = path.resolve(__dirname, "..");
const BASE = process.env.AIRFLOW_API ?? "http://127.0.0.1:8080/api/v1";

if (!/^http:\/\/(127\.0\.0\.1|localhost):\d+\/api\/v1$/.test(BASE)) {
  console.error(`AIRFLOW_API must be the local stack, got ${BASE}`);
  process.exit(2);
}

interface DagRun {
  dag_run_id: string;
  state: string;
  logical_date: string;
  start_date: string | null;
  end_date: string | null;
}

interface TaskInstance {
  task_id: string;
  state: string | null;
  try_number: number;
  duration: number | null;
}

function credentials(): string {
  const envFile = path.join(REPO, "airflow", ".env");
  let user = "airflow";
  let pass = "airflow";
  if (existsSync(envFile)) {
    for (const line of readFileSync(envFile, "utf8").split("\n")) {
      const [k, ...rest] = line.split("=");
      if (k === "_AIRFLOW_WWW_USER_USERNAME") user = rest.join("=").trim();
      if (k === "_AIRFLOW_WWW_USER_PASSWORD") pass = rest.join("=").trim();
    }
  }
  return "Basic " + Buffer.from(`${user}:${pass}`).toString("base64");
}

const AUTH = credentials();

async function api<T>(method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}${route}`, {
    method,
    headers: { Authorization: AUTH, "Content-Type": "application/json" },
    body: typeof body === "undefined" ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    const text = await res.text();
    throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
  }
  const type = res.headers.get("content-type") ?? "";
  return (type.includes("json") ? await res.json() : await res.text()) as T;
}

async function listDags(): Promise<void> {
  const data = await api<{ dags: { dag_id: string; is_paused: boolean; schedule_interval: unknown }[] }>(
    "GET",
    "/dags?limit=100&only_active=true",
  );
  for (const d of data.dags) {
    const sched = JSON.stringify(d.schedule_interval ?? null);
    console.log(`${d.is_paused ? "paused " : "active "} ${d.dag_id.padEnd(36)} ${sched}`);
  }
}

async function trigger(dagId: string, confJson?: string): Promise<void> {
  const conf = confJson ? (JSON.parse(confJson) as Record<string, unknown>) : {};
  const run = await api<DagRun>("POST", `/dags/${encodeURIComponent(dagId)}/dagRuns`, {
    conf,
    note: "triggered from tools/airflow-cli.ts",
  });
  console.log(`triggered ${dagId}: ${run.dag_run_id} (${run.state})`);
}

async function runs(dagId: string, n = 10): Promise<void> {
  const data = await api<{ dag_runs: DagRun[] }>(
    "GET",
    `/dags/${encodeURIComponent(dagId)}/dagRuns?order_by=-execution_date&limit=${n}`,
  );
  for (const r of data.dag_runs) {
    const took =
      r.start_date && r.end_date ? `${((Date.parse(r.end_date) - Date.parse(r.start_date)) / 1000).toFixed(0)}s` : "-";
    console.log(`${r.state.padEnd(8)} ${r.dag_run_id.padEnd(48)} ${took}`);
  }
}

async function tasks(dagId: string, runId: string): Promise<TaskInstance[]> {
  const data = await api<{ task_instances: TaskInstance[] }>(
    "GET",
    `/dags/${encodeURIComponent(dagId)}/dagRuns/${encodeURIComponent(runId)}/taskInstances`,
  );
  return data.task_instances;
}

async function wait(dagId: string, runId: string, timeoutS = 1800): Promise<void> {
  const deadline = Date.now() + timeoutS * 1000;
  let last = "";
  while (Date.now() < deadline) {
    const run = await api<DagRun>("GET", `/dags/${encodeURIComponent(dagId)}/dagRuns/${encodeURIComponent(runId)}`);
    const ti = await tasks(dagId, runId);
    const summary = ti.map((t) => `${t.task_id}:${t.state ?? "none"}`).join(" ");
    if (summary !== last) {
      console.log(`[${new Date().toLocaleTimeString()}] ${run.state} ${summary}`);
      last = summary;
    }
    if (run.state === "success" || run.state === "failed") {
      process.exitCode = run.state === "success" ? 0 : 1;
      return;
    }
    await new Promise((r) => setTimeout(r, 5000));
  }
  throw new Error(`timed out after ${timeoutS}s`);
}

async function logs(dagId: string, runId: string, taskId: string): Promise<void> {
  const ti = (await tasks(dagId, runId)).find((t) => t.task_id === taskId);
  if (!ti) throw new Error(`no task ${taskId} in ${runId}`);
  const text = await api<string>(
    "GET",
    `/dags/${encodeURIComponent(dagId)}/dagRuns/${encodeURIComponent(runId)}/taskInstances/${encodeURIComponent(taskId)}/logs/${ti.try_number}?full_content=true`,
  );
  console.log(typeof text === "string" ? text : JSON.stringify(text, null, 2));
}

async function clearFailed(dagId: string, runId: string): Promise<void> {
  const res = await api<{ task_instances: { task_id: string }[] }>(
    "POST",
    `/dags/${encodeURIComponent(dagId)}/clearTaskInstances`,
    { dry_run: false, dag_run_id: runId, only_failed: true, reset_dag_runs: true },
  );
  console.log(`cleared ${res.task_instances.length} task(s): ${res.task_instances.map((t) => t.task_id).join(", ")}`);
}

async function main(): Promise<void> {
  const [cmd, a, b, c] = process.argv.slice(2);
  switch (cmd) {
    case "dags":
      return listDags();
    case "trigger":
      if (!a) throw new Error("trigger <dag_id> [conf-json]");
      return trigger(a, b);
    case "runs":
      if (!a) throw new Error("runs <dag_id> [n]");
      return runs(a, b ? Number(b) : 10);
    case "wait":
      if (!a || !b) throw new Error("wait <dag_id> <run_id>");
      return wait(a, b);
    case "logs":
      if (!a || !b || !c) throw new Error("logs <dag_id> <run_id> <task_id>");
      return logs(a, b, c);
    case "clear":
      if (!a || !b) throw new Error("clear <dag_id> <run_id>");
      return clearFailed(a, b);
    default:
      console.log("usage: airflow-cli.ts dags|trigger|runs|wait|logs|clear ...");
      process.exitCode = 2;
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
