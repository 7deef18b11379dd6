/**
 * otel/dev.ts — validate the OpenTelemetry Collector config of the dev stack and
 * query the local Jaeger for recent traces of our services.
 *
 *   tsx otel/dev.ts validate          otelcol validate (container) on otel/collector.yaml
 *   tsx otel/dev.ts services          services known to Jaeger
 *   tsx otel/dev.ts slow <service>    slowest traces of the last 15 min
 *   tsx otel/dev.ts errors <service>  traces with error=true
 *   tsx otel/dev.ts restart           restart the collector container of this stack
 *
 * Jaeger's query API is http://127.0.0.1:16686/api (compose publishes it on
 * loopback only). No credentials are involved.
 *
 * Notes:
 *  - The collector pipeline (otel/collector.yaml) receives OTLP on 127.0.0.1:4317
 *    and 4318, batches, and exports to the Jaeger all-in-one container and to the
 *    debug exporter; nothing leaves the laptop.
 *  - `validate` runs the same collector image version as compose, read-only
 *    mounted config, so a broken config is caught before restarting the stack.
 *  - Jaeger keeps traces in memory only; restarting the stack clears them.
 *  - Times in the Jaeger API are microseconds since the epoch (start/end), the
 *    dependencies endpoint uses milliseconds (endTs/lookback).
 *  - The services are instrumented with the Node SDK auto-instrumentations; set
 *    OTEL_SDK_DISABLED=true to turn tracing off in a service.
 *  - Error traces are found via the error=true tag the SDK sets on failed spans.
 *  - `ops <service>` lists the span names a service reports, for query building.
 *  - `ps` shows the containers of the otel stack (collector, jaeger).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const STACK_DIR = path.resolve(__dirname);
const COMPOSE = ["compose", "-p", "sextant-otel", "-f", path.join(STACK_DIR, "compose.yaml")];
const JAEGER = "http://127.0.0.1:16686/api";
const COLLECTOR_IMAGE = "otel/opentelemetry-collector-contrib:0.104.0";

interface Span {
  spanID: string;
  operationName: string;
  duration: number;
  tags: { key: string; value: unknown }[];
  processID: string;
}

interface Trace {
  traceID: string;
  spans: Span[];
  processes: Record<string, { serviceName: string }>;
}

function docker(args: string[], inherit = true): number {
  const res = spawnSync("docker", args, { cwd: STACK_DIR, stdio: inherit ? "inherit" : "pipe" });
  return res.status ?? 1;
}

function validate(): void {
  const status = docker([
    "run",
    "--rm",
    "-v",
    `${path.join(STACK_DIR, "collector.yaml")}:/etc/otelcol/config.yaml:ro`,
    COLLECTOR_IMAGE,
    "validate",
    "--config=/etc/otelcol/config.yaml",
  ]);
  if (status !== 0) throw new Error("collector config is invalid");
  console.log("collector config OK");
}

async function jaeger<T>(route: string, params: Record<string, string> = {}): Promise<T> {
  const query = new URLSearchParams(params).toString();
  const res = await fetch(`${JAEGER}${route}${query ? `?${query}` : ""}`);
  if (!res.ok) throw new Error(`jaeger ${route}: ${res.status}`);
  const body = (await res.json()) as { data: T };
  return body.data;
}

async function services(): Promise<void> {
  const list = await jaeger<string[]>("/services");
  for (const s of list.sort()) console.log(s);
}

function rootSpan(t: Trace): Span {
  return t.spans.reduce((a, b) => (a.duration >= b.duration ? a : b));
}

function describe(t: Trace): string {
  const root = rootSpan(t);
  const service = t.processes[root.processID]?.serviceName ?? "?";
  const ms = (root.duration / 1000).toFixed(1);
  return `${ms.padStart(9)} ms  ${service}  ${root.operationName}  ${t.spans.length} span(s)  ${t.traceID}`;
}

async function findTraces(service: string, extra: Record<string, string>): Promise<Trace[]> {
  const end = Date.now() * 1000;
  const start = end - 15 * 60 * 1_000_000;
  return jaeger<Trace[]>("/traces", {
    service,
    start: String(start),
    end: String(end),
    limit: "200",
    ...extra,
  });
}

async function slow(service: string): Promise<void> {
  const traces = await findTraces(service, {});
  traces.sort((a, b) => rootSpan(b).duration - rootSpan(a).duration);
  for (const t of traces.slice(0, 15)) console.log(describe(t));
  if (!traces.length) console.log("no traces in the last 15 minutes");
}

async function errors(service: string): Promise<void> {
  const traces = await findTraces(service, { tags: JSON.stringify({ error: "true" }) });
  for (const t of traces.slice(0, 20)) {
    console.log(describe(t));
    for (const s of t.spans.filter((sp) => sp.tags.some((tag) => tag.key === "error" && tag.value === true))) {
      const msg = s.tags.find((tag) => tag.key === "otel.status_description")?.value ?? "";
      console.log(`      ${s.operationName}: ${String(msg).slice(0, 120)}`);
    }
  }
  if (!traces.length) console.log("no error traces in the last 15 minutes");
}

async function operations(service: string): Promise<void> {
  const ops = await jaeger<string[]>(`/services/${encodeURIComponent(service)}/operations`);
  for (const op of ops.sort()) console.log(op);
}

function stackStatus(): void {
  docker([...COMPOSE, "ps"]);
}

function restart(): void {
  if (docker([...COMPOSE, "restart", "collector"]) !== 0) throw new Error("restart failed");
  docker([...COMPOSE, "logs", "--tail", "20", "collector"]);
}

async function dependencies(): Promise<void> {
  const deps = await jaeger<{ parent: string; child: string; callCount: number }[]>("/dependencies", {
    endTs: String(Date.now()),
    lookback: String(60 * 60 * 1000),
  });
  for (const d of deps.sort((a, b) => b.callCount - a.callCount)) {
    console.log(`${d.parent.padEnd(24)} -> ${d.child.padEnd(24)} ${d.callCount}`);
  }
}

async function main(): Promise<void> {
  const [cmd, arg] = process.argv.slice(2);
  switch (cmd) {
    case "validate":
      return validate();
    case "services":
      return services();
    case "slow":
      if (!arg) throw new Error("slow <service>");
      return slow(arg);
    case "errors":
      if (!arg) throw new Error("errors <service>");
      return errors(arg);
    case "deps":
      return dependencies();
    case "ops":
      if (!arg) throw new Error("ops <service>");
      return operations(arg);
    case "ps":
      return stackStatus();
    case "restart":
      return restart();
    default:
      console.log("usage: dev.ts validate|services|slow <svc>|errors <svc>|deps|restart");
      process.exitCode = 2;
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
