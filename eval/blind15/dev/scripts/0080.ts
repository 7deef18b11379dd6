// tools/pod-triage.ts - summarise restarts, OOM kills and error logs for the
// pods of one namespace in the dev cluster and write an HTML report.
//
//   npx tsx tools/pod-triage.ts --namespace dev --since 2h
//   npx tsx tools/pod-triage.ts -n preview-77 --selector app=checkout
//
// kubectl is called with fixed argument arrays; namespace, selector and
// duration are validated first. Only reads from the cluster.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const run = promisify(execFile);

interface PodSummary {
  name: string;
  phase: string;
  restarts: number;
  lastTermination?: string;
  errorLines: number;
  topErrors: Array<[string, number]>;
}

const NS_RE = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const SINCE_RE = /^\d+(s|m|h)$/;
const SELECTOR_RE = /^[\w./-]+(=|!=)[\w.-]+(,[\w./-]+(=|!=)[\w.-]+)*$/;
const BLOCKED_NS = new Set(["kube-system", "prod", "production"]);
const ERROR_RE = /\b(error|exception|panic|fatal|traceback|oomkilled)\b/i;

function parseArgs(argv: string[]) {
  let namespace = "dev";
  let since = "1h";
  let selector: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "-n" || a === "--namespace") namespace = argv[++i];
    else if (a === "--since") since = argv[++i];
    else if (a === "-l" || a === "--selector") selector = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  if (!NS_RE.test(namespace) || BLOCKED_NS.has(namespace)) throw new Error(`namespace ${namespace} not allowed`);
  if (!SINCE_RE.test(since)) throw new Error("--since like 30m or 2h");
  if (selector && !SELECTOR_RE.test(selector)) throw new Error("bad --selector");
  return { namespace, since, selector };
}

async function kubectl(args: string[]): Promise<string> {
  const { stdout } = await run("kubectl", args, { maxBuffer: 256 * 1024 * 1024 });
  return stdout;
}

function normalise(line: string): string {
  return line
    .replace(/^\S+Z\s+/, "")
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, "<uuid>")
    .replace(/\d{3,}/g, "<n>")
    .slice(0, 160);
}

async function summarisePod(ns: string, pod: any, since: string): Promise<PodSummary> {
  const name: string = pod.metadata.name;
  const statuses: any[] = pod.status.containerStatuses ?? [];
  const restarts = statuses.reduce((n, s) => n + (s.restartCount ?? 0), 0);
  const term = statuses.map((s) => s.lastState?.terminated).find(Boolean);
  let logs = "";
  try {
    logs = await kubectl(["logs", "-n", ns, name, "--all-containers", `--since=${since}`, "--timestamps"]);
  } catch (e) {
    logs = "";
  }
  const counts = new Map<string, number>();
  let errorLines = 0;
  for (const line of logs.split("\n")) {
    if (!ERROR_RE.test(line)) continue;
    errorLines++;
    const key = normalise(line);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const topErrors = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 5);
  return {
    name,
    phase: pod.status.phase,
    restarts,
    lastTermination: term ? `${term.reason} (exit ${term.exitCode}) at ${term.finishedAt}` : undefined,
    errorLines,
    topErrors,
  };
}

async function recentEvents(ns: string): Promise<string[]> {
  // warning events only, newest last; read-only
  let raw = "";
  try {
    raw = await kubectl(["get", "events", "-n", ns, "--field-selector", "type=Warning", "-o", "json"]);
  } catch {
    return [];
  }
  const items = (JSON.parse(raw).items ?? []) as any[];
  return items
    .sort((a, b) => String(a.lastTimestamp).localeCompare(String(b.lastTimestamp)))
    .slice(-20)
    .map((e) => `${e.lastTimestamp ?? "?"} ${e.involvedObject?.kind}/${e.involvedObject?.name}: ${e.reason} - ${e.message}`);
}

function textSummary(pods: PodSummary[]): string {
  const lines = pods
    .filter((p) => p.restarts > 0 || p.errorLines > 0)
    .map((p) => `${p.name.padEnd(48)} restarts=${String(p.restarts).padStart(3)} errors=${p.errorLines}`);
  return lines.length ? lines.join("\n") : "no restarts or errors";
}

function esc(s: string): string {
  return s.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c] as string);
}

function html(ns: string, since: string, pods: PodSummary[]): string {
  const rows = pods
    .sort((a, b) => b.restarts - a.restarts || b.errorLines - a.errorLines)
    .map((p) => {
      const errs = p.topErrors.map(([l, n]) => `<li><code>${esc(l)}</code> x${n}</li>`).join("");
      return `<tr><td>${esc(p.name)}</td><td>${p.phase}</td><td>${p.restarts}</td>` +
        `<td>${esc(p.lastTermination ?? "")}</td><td>${p.errorLines}<ul>${errs}</ul></td></tr>`;
    })
    .join("\n");
  return `<!doctype html><meta charset="utf-8"><title>triage ${esc(ns)}</title>
<style>body{font-family:sans-serif}td{vertical-align:top;border-bottom:1px solid #ddd;padding:4px}</style>
<h1>Namespace ${esc(ns)} - last ${esc(since)}</h1>
<table><tr><th>pod</th><th>phase</th><th>restarts</th><th>last termination</th><th>errors</th></tr>
${rows}
</table>`;
}

async function main(): Promise<void> {
  const { namespace, since, selector } = parseArgs(process.argv.slice(2));
  const listArgs = ["get", "pods", "-n", namespace, "-o", "json"];
  if (selector) listArgs.push("-l", selector);
  const pods = JSON.parse(await kubectl(listArgs)).items as any[];
  console.error(`${pods.length} pods in ${namespace}`);
  const summaries: PodSummary[] = [];
  for (const pod of pods) summaries.push(await summarisePod(namespace, pod, since));
  const outDir = join(process.cwd(), "reports", "pods");
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `${namespace}-${Date.now()}.html`);
  const events = await recentEvents(namespace);
  const eventsHtml = events.length
    ? `<h2>Warning events</h2><pre>${events.map(esc).join("\n")}</pre>`
    : "";
  writeFileSync(file, html(namespace, since, summaries) + eventsHtml);
  console.log(textSummary(summaries));
  const oom = summaries.filter((s) => s.lastTermination?.startsWith("OOMKilled"));
  console.log(`restarting pods: ${summaries.filter((s) => s.restarts > 0).length}, OOM: ${oom.length}`);
  console.log(`report: ${file}`);
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
