/**
 * vm-fixtures.ts - build alerting test fixtures from VictoriaMetrics.
 *
 * Exports selected series from the local "recording" VictoriaMetrics
 * (http://127.0.0.1:8428) as JSON lines, rewrites their timestamps to start at
 * a fixed epoch, stores them in test/fixtures/vm/<name>.jsonl and imports them
 * into the local test instance (http://127.0.0.1:18428) used by
 * `promtool test rules` and the integration tests.
 *
 *   npx tsx tools/vm-fixtures.ts capture fixtures.yaml   # export + rewrite + store
 *   npx tsx tools/vm-fixtures.ts load                    # import all stored fixtures
 *   npx tsx tools/vm-fixtures.ts clear                   # delete fixture series in TEST instance
 */
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml } from "yaml";

interface FixtureSpec {
  name: string;
  match: string[];
  start: string;
  end: string;
  labels?: Record<string, string>;
}

interface ExportLine {
  metric: Record<string, string>;
  values: number[];
  timestamps: number[];
}

const ROOT = path.resolve(__dirname, "..");
const FIXTURE_DIR = path.join(ROOT, "test", "fixtures", "vm");
const SOURCE = process.env.VM_RECORDING ?? "http://127.0.0.1:8428";
const TARGET = process.env.VM_TEST ?? "http://127.0.0.1:18428";
const FIXED_EPOCH_MS = Date.UTC(2024, 0, 1);
const FIXTURE_LABEL = "fixture";

function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (host !== "127.0.0.1" && host !== "localhost") {
    throw new Error(`${url} is not a loopback instance`);
  }
}

async function request(url: string, init?: RequestInit, attempts = 4): Promise<Response> {
  let lastError: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      const res = await fetch(url, init);
      if (res.ok || res.status < 500) return res;
      lastError = new Error(`${res.status} ${await res.text()}`);
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, 300 * 2 ** i));
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}

async function exportSeries(spec: FixtureSpec): Promise<ExportLine[]> {
  const params = new URLSearchParams({ start: spec.start, end: spec.end });
  for (const m of spec.match) params.append("match[]", m);
  const res = await request(`${SOURCE}/api/v1/export?${params}`);
  if (!res.ok) throw new Error(`export ${spec.name}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return text.split("\n").filter(Boolean).map((l) => JSON.parse(l) as ExportLine);
}

function rebase(lines: ExportLine[], spec: FixtureSpec): ExportLine[] {
  const first = Math.min(...lines.flatMap((l) => l.timestamps));
  const shift = FIXED_EPOCH_MS - first;
  return lines.map((l) => ({
    metric: { ...l.metric, ...(spec.labels ?? {}), [FIXTURE_LABEL]: spec.name },
    values: l.values,
    timestamps: l.timestamps.map((t) => t + shift),
  }));
}

async function writeAtomic(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  await writeFile(tmp, content);
  await rename(tmp, file);
}

async function capture(specFile: string): Promise<void> {
  assertLoopback(SOURCE);
  const specs = parseYaml(await readFile(specFile, "utf8")) as FixtureSpec[];
  for (const spec of specs) {
    if (!/^[a-z0-9-]+$/.test(spec.name)) throw new Error(`bad fixture name ${spec.name}`);
    const lines = await exportSeries(spec);
    if (!lines.length) {
      console.warn(`${spec.name}: no series matched, skipped`);
      continue;
    }
    const rebased = rebase(lines, spec);
    const samples = rebased.reduce((n, l) => n + l.values.length, 0);
    await writeAtomic(path.join(FIXTURE_DIR, `${spec.name}.jsonl`),
      rebased.map((l) => JSON.stringify(l)).join("\n") + "\n");
    console.log(`${spec.name}: ${rebased.length} series, ${samples} samples`);
  }
}

async function load(): Promise<void> {
  assertLoopback(TARGET);
  const files = (await readdir(FIXTURE_DIR)).filter((f) => f.endsWith(".jsonl")).sort();
  for (const file of files) {
    const body = await readFile(path.join(FIXTURE_DIR, file));
    const res = await request(`${TARGET}/api/v1/import`, { method: "POST", body });
    if (res.status !== 204) throw new Error(`import ${file}: ${res.status} ${await res.text()}`);
    console.log(`imported ${file} (${body.length} bytes)`);
  }
  await request(`${TARGET}/internal/force_flush`);
}

async function clear(): Promise<void> {
  assertLoopback(TARGET);
  // only series carrying the fixture label, and only in the test instance
  const params = new URLSearchParams();
  params.append("match[]", `{${FIXTURE_LABEL}!=""}`);
  const res = await request(`${TARGET}/api/v1/admin/tsdb/delete_series?${params}`, { method: "POST" });
  if (res.status !== 204) throw new Error(`delete_series: ${res.status}`);
  console.log("fixture series removed from the test instance");
}

async function summary(): Promise<void> {
  const files = (await readdir(FIXTURE_DIR).catch(() => [] as string[])).filter((f) => f.endsWith(".jsonl"));
  for (const file of files.sort()) {
    const lines = (await readFile(path.join(FIXTURE_DIR, file), "utf8")).split("\n").filter(Boolean);
    const metrics = new Set(lines.map((l) => (JSON.parse(l) as ExportLine).metric.__name__));
    console.log(`${file.padEnd(32)} ${String(lines.length).padStart(5)} series  ${[...metrics].join(", ")}`);
  }
}

/** Check that a loaded fixture is queryable: count series per fixture label. */
async function verify(): Promise<void> {
  assertLoopback(TARGET);
  const params = new URLSearchParams({ query: `count by (${FIXTURE_LABEL}) ({${FIXTURE_LABEL}!=""})` });
  params.set("time", String(FIXED_EPOCH_MS / 1000 + 300));
  const res = await request(`${TARGET}/api/v1/query?${params}`);
  if (!res.ok) throw new Error(`query failed: ${res.status}`);
  const body = (await res.json()) as {
    data: { result: { metric: Record<string, string>; value: [number, string] }[] };
  };
  const found = new Map(body.data.result.map((r) => [r.metric[FIXTURE_LABEL], Number(r.value[1])]));
  const files = (await readdir(FIXTURE_DIR)).filter((f) => f.endsWith(".jsonl"));
  let missing = 0;
  for (const file of files) {
    const name = file.replace(/\.jsonl$/, "");
    const n = found.get(name);
    if (!n) missing++;
    console.log(`${name.padEnd(30)} ${n ? `${n} series visible` : "NOT VISIBLE"}`);
  }
  if (missing) process.exitCode = 1;
}

async function main(): Promise<void> {
  const [cmd, arg] = process.argv.slice(2);
  switch (cmd) {
    case "capture":
      if (!arg) throw new Error("capture needs a spec file");
      await capture(arg);
      break;
    case "load":
      await load();
      break;
    case "clear":
      await clear();
      break;
    case "verify":
      await verify();
      break;
    case "list":
    case undefined:
      await summary();
      break;
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
