/**
 * fdb-health.ts - summarise FoundationDB health for the local test cluster.
 *
 * Runs `fdbcli -C <cluster file> --exec "status json"` and, if backup agents
 * are configured, `fdbbackup status -C <cluster file>` - both read-only - and
 * renders:
 *   - cluster state, fault tolerance, recovery state
 *   - per-process role, CPU, disk busy, messages
 *   - storage server lag and queue sizes above thresholds
 *   - backup status (if any)
 * Output: console table + build/fdb-health.json.  Exit 1 when unhealthy.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const CLUSTER_FILE = process.env.FDB_CLUSTER_FILE ?? path.join(ROOT, "dev", "fdb.cluster");
const OUT = path.join(ROOT, "build", "fdb-health.json");

const LIMITS = {
  storageLagSeconds: 5,
  durabilityLagSeconds: 10,
  queueBytes: 500 * 1024 * 1024,
  cpu: 0.9,
  diskBusy: 0.9,
};

interface ProcessInfo {
  address: string;
  roles?: { role: string; data_lag?: { seconds: number }; durability_lag?: { seconds: number }; input_bytes?: { counter: number }; durable_bytes?: { counter: number } }[];
  cpu?: { usage_cores: number };
  disk?: { busy: number };
  messages?: { name: string; description: string }[];
  excluded?: boolean;
}

interface StatusJson {
  client: { database_status: { available: boolean; healthy: boolean } };
  cluster: {
    data?: { state?: { name: string; healthy: boolean }; total_kv_size_bytes?: number };
    fault_tolerance?: { max_zone_failures_without_losing_data: number; max_zone_failures_without_losing_availability: number };
    recovery_state?: { name: string; description: string };
    processes?: Record<string, ProcessInfo>;
    messages?: { name: string; description: string }[];
    configuration?: { redundancy_mode: string; storage_engine: string };
  };
}

interface Finding {
  severity: "error" | "warn";
  text: string;
}

async function status(): Promise<StatusJson> {
  if (!existsSync(CLUSTER_FILE)) throw new Error(`cluster file ${CLUSTER_FILE} not found`);
  const { stdout } = await execFileP("fdbcli", ["-C", CLUSTER_FILE, "--exec", "status json", "--timeout", "15"], {
    maxBuffer: 32 * 1024 * 1024,
  });
  return JSON.parse(stdout) as StatusJson;
}

async function backupStatus(): Promise<string | null> {
  try {
    const { stdout } = await execFileP("fdbbackup", ["status", "-C", CLUSTER_FILE], { timeout: 15000 });
    return stdout.trim();
  } catch {
    return null;
  }
}

function clusterFindings(s: StatusJson): Finding[] {
  const out: Finding[] = [];
  if (!s.client.database_status.available) out.push({ severity: "error", text: "database unavailable" });
  if (!s.client.database_status.healthy) out.push({ severity: "warn", text: "database reports unhealthy" });
  const state = s.cluster.data?.state;
  if (state && !state.healthy) out.push({ severity: "warn", text: `data state ${state.name}` });
  const recovery = s.cluster.recovery_state;
  if (recovery && recovery.name !== "fully_recovered") {
    out.push({ severity: "warn", text: `recovery state ${recovery.name}: ${recovery.description}` });
  }
  for (const m of s.cluster.messages ?? []) out.push({ severity: "warn", text: `cluster: ${m.description}` });
  return out;
}

function processFindings(s: StatusJson): Finding[] {
  const out: Finding[] = [];
  for (const p of Object.values(s.cluster.processes ?? {})) {
    if (p.cpu && p.cpu.usage_cores > LIMITS.cpu) out.push({ severity: "warn", text: `${p.address}: cpu ${p.cpu.usage_cores.toFixed(2)}` });
    if (p.disk && p.disk.busy > LIMITS.diskBusy) out.push({ severity: "warn", text: `${p.address}: disk busy ${(p.disk.busy * 100).toFixed(0)}%` });
    for (const m of p.messages ?? []) out.push({ severity: "warn", text: `${p.address}: ${m.description}` });
    for (const r of p.roles ?? []) {
      if (r.role !== "storage") continue;
      if ((r.data_lag?.seconds ?? 0) > LIMITS.storageLagSeconds) {
        out.push({ severity: "warn", text: `${p.address}: storage lag ${r.data_lag?.seconds.toFixed(1)}s` });
      }
      if ((r.durability_lag?.seconds ?? 0) > LIMITS.durabilityLagSeconds) {
        out.push({ severity: "warn", text: `${p.address}: durability lag ${r.durability_lag?.seconds.toFixed(1)}s` });
      }
      const queue = (r.input_bytes?.counter ?? 0) - (r.durable_bytes?.counter ?? 0);
      if (queue > LIMITS.queueBytes) out.push({ severity: "warn", text: `${p.address}: storage queue ${(queue / 1048576).toFixed(0)} MiB` });
    }
  }
  return out;
}

function processTable(s: StatusJson): Record<string, string | number>[] {
  return Object.values(s.cluster.processes ?? {}).map((p) => ({
    address: p.address,
    roles: (p.roles ?? []).map((r) => r.role).join(",") || "-",
    cpu: p.cpu ? Number(p.cpu.usage_cores.toFixed(2)) : "-",
    disk: p.disk ? `${(p.disk.busy * 100).toFixed(0)}%` : "-",
    excluded: p.excluded ? "yes" : "",
  }));
}

/**
 * The test suite expects a specific configuration; warn when the local cluster
 * drifted (someone ran `configure` by hand).
 */
function configurationFindings(s: StatusJson): Finding[] {
  const out: Finding[] = [];
  const conf = s.cluster.configuration;
  if (!conf) return [{ severity: "warn", text: "no configuration in status (new database?)" }];
  const expectedEngine = process.env.FDB_EXPECT_ENGINE ?? "ssd-redwood-1";
  const expectedMode = process.env.FDB_EXPECT_MODE ?? "single";
  if (conf.storage_engine !== expectedEngine) {
    out.push({ severity: "warn", text: `storage engine ${conf.storage_engine}, tests expect ${expectedEngine}` });
  }
  if (conf.redundancy_mode !== expectedMode) {
    out.push({ severity: "warn", text: `redundancy ${conf.redundancy_mode}, tests expect ${expectedMode}` });
  }
  return out;
}

function roleCounts(s: StatusJson): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const p of Object.values(s.cluster.processes ?? {})) {
    for (const r of p.roles ?? []) counts[r.role] = (counts[r.role] ?? 0) + 1;
  }
  return counts;
}

function summaryLine(s: StatusJson): string {
  const ft = s.cluster.fault_tolerance;
  const conf = s.cluster.configuration;
  const size = s.cluster.data?.total_kv_size_bytes ?? 0;
  return [
    `mode ${conf?.redundancy_mode ?? "?"}`,
    `engine ${conf?.storage_engine ?? "?"}`,
    `kv ${(size / 1048576).toFixed(1)} MiB`,
    `fault tolerance data=${ft?.max_zone_failures_without_losing_data ?? "?"} availability=${ft?.max_zone_failures_without_losing_availability ?? "?"}`,
  ].join(", ");
}

async function main(): Promise<void> {
  const s = await status();
  console.log(summaryLine(s));
  console.table(processTable(s));
  const findings = [...clusterFindings(s), ...processFindings(s), ...configurationFindings(s)];
  console.log(`roles: ${Object.entries(roleCounts(s)).map(([r, n]) => `${r}=${n}`).join(" ")}`);
  for (const f of findings) console.log(`${f.severity.toUpperCase().padEnd(5)} ${f.text}`);
  const backup = await backupStatus();
  if (backup) console.log(`backup: ${backup.split("\n")[0]}`);
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify({
    at: new Date().toISOString(),
    summary: summaryLine(s),
    processes: processTable(s),
    findings,
    backup,
  }, null, 2));
  if (findings.some((f) => f.severity === "error")) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`fdb-health: ${err.message}`);
  process.exitCode = 2;
});
