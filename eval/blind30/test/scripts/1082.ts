/**
 * aip-fixity.ts - scheduled fixity checks of stored AIPs via the Archivematica Storage Service
 *
 *   npx tsx tools/aip-fixity.ts [--sample 50] [--pipeline <uuid>] [--report reports/fixity]
 *
 * Lists AIPs from the Storage Service API (SS_URL, "ApiKey user:key" from .env), picks a
 * random sample weighted towards AIPs not checked recently (state in
 * reports/fixity/state.json), and asks the Storage Service to run its own fixity check
 * (GET /api/v2/file/<uuid>/check_fixity/). Results go to a dated JSON report. Failures
 * are only reported; the script never deletes, moves or re-ingests packages.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

interface Package {
  uuid: string;
  current_path: string;
  size: number;
  status: string;
  package_type: string;
  origin_pipeline: string;
  stored_date: string;
}

interface FixityResult {
  uuid: string;
  success: boolean | null;
  message: string;
  failures?: { files?: { missing?: string[]; changed?: string[]; untracked?: string[] } };
  seconds: number;
}

interface State {
  lastChecked: Record<string, string>;
}

function settings(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  const out: Record<string, string> = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const m = /^(SS_[A-Z_]+)=(.*)$/.exec(line.trim());
      if (m) out[m[1]] = m[2].replace(/^"|"$/g, "");
    }
  }
  for (const [k, v] of Object.entries(process.env)) if (k.startsWith("SS_") && v) out[k] = v;
  return out;
}

const S = settings();
const BASE = (S.SS_URL ?? "").replace(/\/$/, "");

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function ss<T>(route: string, timeoutMs = 60000): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(`${BASE}/api/v2/${route}`, {
      headers: { Authorization: `ApiKey ${S.SS_USER}:${S.SS_API_KEY}`, Accept: "application/json" },
      signal: controller.signal,
    });
    if (!res.ok) throw new Error(`${route}: HTTP ${res.status}`);
    return (await res.json()) as T;
  } finally {
    clearTimeout(timer);
  }
}

async function listAips(pipeline?: string): Promise<Package[]> {
  const out: Package[] = [];
  let route: string | null = `file/?package_type=AIP&status=UPLOADED&limit=200${pipeline ? `&origin_pipeline__uuid=${pipeline}` : ""}`;
  while (route) {
    const page: { objects: Package[]; meta: { next: string | null } } = await ss(route);
    out.push(...page.objects);
    route = page.meta.next ? page.meta.next.replace(/^\/api\/v2\//, "") : null;
  }
  return out;
}

function loadState(dir: string): State {
  const file = path.join(dir, "state.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as State) : { lastChecked: {} };
}

function saveState(dir: string, state: State): void {
  const file = path.join(dir, "state.json");
  writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2));
  renameSync(`${file}.tmp`, file);
}

function pickSample(aips: Package[], state: State, n: number): Package[] {
  // weight: days since last check (never checked = 3650 days); simple weighted sampling without replacement
  const now = Date.now();
  const pool = aips.map((a) => {
    const last = state.lastChecked[a.uuid];
    const days = last ? (now - Date.parse(last)) / 86400000 : 3650;
    return { a, w: Math.max(1, days) };
  });
  const chosen: Package[] = [];
  while (chosen.length < n && pool.length) {
    const total = pool.reduce((s, p) => s + p.w, 0);
    let r = Math.random() * total;
    const idx = pool.findIndex((p) => (r -= p.w) <= 0);
    chosen.push(pool.splice(idx < 0 ? pool.length - 1 : idx, 1)[0].a);
  }
  return chosen;
}

async function checkOne(aip: Package): Promise<FixityResult> {
  const started = Date.now();
  try {
    const res = await ss<{ success: boolean; message: string; failures?: FixityResult["failures"] }>(`file/${aip.uuid}/check_fixity/`, 30 * 60000);
    return { uuid: aip.uuid, success: res.success, message: res.message, failures: res.failures, seconds: Math.round((Date.now() - started) / 1000) };
  } catch (err) {
    return { uuid: aip.uuid, success: null, message: (err as Error).message, seconds: Math.round((Date.now() - started) / 1000) };
  }
}

function coverage(aips: Package[], state: State): { never: number; older90: number; recent: number } {
  // how much of the collection has been checked recently, for the quarterly report
  const now = Date.now();
  let never = 0;
  let older90 = 0;
  let recent = 0;
  for (const a of aips) {
    const last = state.lastChecked[a.uuid];
    if (!last) never++;
    else if (now - Date.parse(last) > 90 * 86400000) older90++;
    else recent++;
  }
  return { never, older90, recent };
}

function pruneState(aips: Package[], state: State): number {
  // forget AIPs that no longer exist in the Storage Service listing (deleted by curators)
  const known = new Set(aips.map((a) => a.uuid));
  let removed = 0;
  for (const uuid of Object.keys(state.lastChecked)) {
    if (!known.has(uuid)) {
      delete state.lastChecked[uuid];
      removed++;
    }
  }
  return removed;
}

function human(bytes: number): string {
  return bytes > 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${(bytes / 1e6).toFixed(0)} MB`;
}

async function main(): Promise<void> {
  if (!BASE || !S.SS_USER || !S.SS_API_KEY) throw new Error("SS_URL, SS_USER and SS_API_KEY must be set in .env");
  if (!/\.internal(:\d+)?$/.test(new URL(BASE).host)) throw new Error(`SS_URL ${BASE} is not our Storage Service`);
  const reportDir = path.resolve(ROOT, option("--report") ?? "reports/fixity");
  mkdirSync(reportDir, { recursive: true });
  const sampleSize = Number(option("--sample") ?? 25);
  const state = loadState(reportDir);
  const aips = await listAips(option("--pipeline"));
  const sample = pickSample(aips, state, sampleSize);
  console.log(`${aips.length} AIP(s) stored; checking ${sample.length} (${human(sample.reduce((s, a) => s + a.size, 0))})`);
  const results: FixityResult[] = [];
  for (const aip of sample) {
    const r = await checkOne(aip);
    results.push(r);
    const label = r.success === true ? "ok" : r.success === false ? "FAILED" : "ERROR";
    console.log(`${label.padEnd(6)} ${aip.uuid} ${human(aip.size)} ${r.seconds}s ${r.success ? "" : r.message}`);
    if (r.success !== null) state.lastChecked[aip.uuid] = new Date().toISOString();
  }
  const forgotten = pruneState(aips, state);
  if (forgotten) console.log(`${forgotten} AIP(s) no longer listed; removed from the check state`);
  saveState(reportDir, state);
  const cov = coverage(aips, state);
  console.log(`coverage: ${cov.recent} checked in the last 90 days, ${cov.older90} older, ${cov.never} never`);
  const file = path.join(reportDir, `${new Date().toISOString().slice(0, 10)}.json`);
  writeFileSync(file, JSON.stringify({ checked: results.length, stored: aips.length, results }, null, 2));
  const failed = results.filter((r) => r.success === false);
  if (failed.length) console.log(`${failed.length} AIP(s) FAILED fixity - notify the digital preservation officer`);
  console.log(`report: ${path.relative(ROOT, file)}`);
  process.exitCode = failed.length ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`aip-fixity: ${err.message}`);
  process.exit(2);
});
