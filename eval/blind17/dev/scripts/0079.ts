/**
 * monitoring/provision.ts — validate and provision the observability config of the
 * local dev stack (Prometheus + Grafana from monitoring/compose.yaml).
 *
 *   tsx monitoring/provision.ts check        promtool check config + rules, unit tests
 *   tsx monitoring/provision.ts reload       POST /-/reload to the local Prometheus
 *   tsx monitoring/provision.ts dashboards   push monitoring/dashboards/*.json to Grafana
 *   tsx monitoring/provision.ts alerts       list firing alerts from the local Prometheus
 *
 * Grafana credentials come from monitoring/.env.local (GF_ADMIN_USER / GF_ADMIN_PASSWORD)
 * and are only sent to http://localhost:3000. Prometheus is http://localhost:9090.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname);
const PROM = "http://localhost:9090";
const GRAFANA = "http://localhost:3000";
const RULES_DIR = path.join(ROOT, "rules");
const TESTS_DIR = path.join(ROOT, "rules", "tests");
const DASHBOARDS_DIR = path.join(ROOT, "dashboards");

type Env = Record<string, string>;

function readEnv(): Env {
  const file = path.join(ROOT, ".env.local");
  const env: Env = {};
  if (!existsSync(file)) return env;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) env[m[1]] = m[2].replace(/^"|"$/g, "");
  }
  return env;
}

function promtool(args: string[]): boolean {
  const docker = !spawnSync("promtool", ["--version"], { stdio: "ignore" }).status ? null : true;
  const cmd = docker ? "docker" : "promtool";
  const full = docker
    ? ["run", "--rm", "-v", `${ROOT}:/work:ro`, "-w", "/work", "--entrypoint", "promtool", "prom/prometheus:v2.53.0", ...args]
    : args;
  console.log(`$ ${cmd} ${full.join(" ")}`);
  const res = spawnSync(cmd, full, { cwd: ROOT, stdio: "inherit" });
  return res.status === 0;
}

function ruleFiles(): string[] {
  return readdirSync(RULES_DIR).filter((f) => /\.ya?ml$/.test(f)).map((f) => path.join("rules", f));
}

function check(): void {
  let ok = promtool(["check", "config", "prometheus.yml"]);
  ok = promtool(["check", "rules", ...ruleFiles()]) && ok;
  if (existsSync(TESTS_DIR)) {
    const tests = readdirSync(TESTS_DIR).filter((f) => f.endsWith(".yml")).map((f) => path.join("rules", "tests", f));
    if (tests.length) ok = promtool(["test", "rules", ...tests]) && ok;
  }
  if (!ok) throw new Error("promtool reported problems");
  console.log("prometheus config and rules OK");
}

async function reload(): Promise<void> {
  const res = await fetch(`${PROM}/-/reload`, { method: "POST" });
  if (!res.ok) throw new Error(`reload failed: ${res.status} (is --web.enable-lifecycle set?)`);
  const cfg = (await (await fetch(`${PROM}/api/v1/status/config`)).json()) as { status: string };
  console.log(`prometheus reloaded (${cfg.status})`);
}

function grafanaAuth(env: Env): string {
  const user = env.GF_ADMIN_USER ?? "admin";
  const pass = env.GF_ADMIN_PASSWORD ?? "admin";
  return `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;
}

async function grafana<T>(env: Env, method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${GRAFANA}${p}`, {
    method,
    headers: { Authorization: grafanaAuth(env), "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`grafana ${method} ${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function ensureFolder(env: Env, title: string): Promise<string> {
  const folders = await grafana<{ uid: string; title: string }[]>(env, "GET", "/api/folders");
  const found = folders.find((f) => f.title === title);
  if (found) return found.uid;
  const created = await grafana<{ uid: string }>(env, "POST", "/api/folders", { title });
  return created.uid;
}

async function dashboards(): Promise<void> {
  const env = readEnv();
  const folderUid = await ensureFolder(env, "Dev stack");
  const files = readdirSync(DASHBOARDS_DIR).filter((f) => f.endsWith(".json")).sort();
  for (const f of files) {
    const dashboard = JSON.parse(readFileSync(path.join(DASHBOARDS_DIR, f), "utf8")) as Record<string, unknown>;
    delete dashboard.id;
    const res = await grafana<{ status: string; url: string }>(env, "POST", "/api/dashboards/db", {
      dashboard,
      folderUid,
      overwrite: true,
      message: `provisioned from ${f}`,
    });
    console.log(`${res.status.padEnd(8)} ${f} -> ${GRAFANA}${res.url}`);
  }
}

interface AlertResp {
  data: { alerts: { labels: Record<string, string>; state: string; activeAt: string }[] };
}

async function alerts(): Promise<void> {
  const res = (await (await fetch(`${PROM}/api/v1/alerts`)).json()) as AlertResp;
  const firing = res.data.alerts.filter((a) => a.state === "firing");
  if (!firing.length) {
    console.log("no firing alerts");
    return;
  }
  for (const a of firing) {
    console.log(`${a.labels.severity ?? "?"}`.padEnd(9) + `${a.labels.alertname}  since ${a.activeAt}  ${a.labels.job ?? ""}`);
  }
}

async function targets(): Promise<void> {
  const res = (await (await fetch(`${PROM}/api/v1/targets?state=active`)).json()) as {
    data: { activeTargets: { labels: Record<string, string>; health: string; lastError: string }[] };
  };
  for (const t of res.data.activeTargets) {
    console.log(`${t.health.padEnd(6)} ${t.labels.job.padEnd(20)} ${t.labels.instance}  ${t.lastError}`);
  }
}

/** Export dashboards edited in the Grafana UI back into monitoring/dashboards/. */
async function exportDashboards(): Promise<void> {
  const env = readEnv();
  const hits = await grafana<{ uid: string; title: string; folderTitle?: string }[]>(
    env,
    "GET",
    "/api/search?type=dash-db&folderIds=0&limit=200",
  );
  for (const h of hits.filter((x) => x.folderTitle === "Dev stack")) {
    const full = await grafana<{ dashboard: Record<string, unknown> }>(env, "GET", `/api/dashboards/uid/${h.uid}`);
    const dash = full.dashboard;
    delete dash.id;
    delete dash.version;
    const name = h.title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const file = path.join(DASHBOARDS_DIR, `${name}.json`);
    require("node:fs").writeFileSync(file, JSON.stringify(dash, null, 2) + "\n");
    console.log(`exported ${h.title} -> ${path.relative(ROOT, file)}`);
  }
}

async function main(): Promise<void> {
  const cmd = process.argv[2];
  if (cmd === "export") return exportDashboards();
  switch (cmd) {
    case "check":
      return check();
    case "reload":
      check();
      return reload();
    case "dashboards":
      return dashboards();
    case "alerts":
      return alerts();
    case "targets":
      return targets();
    default:
      console.log("usage: provision.ts check|reload|dashboards|alerts|targets");
      process.exitCode = 2;
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
