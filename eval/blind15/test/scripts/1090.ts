// ops/slo-report.ts - weekly SLO report: query Datadog's metrics API for the
// API's availability and p99 latency, compare with the SLO targets in
// ops/slo.json, and post the result to Slack.
//
// Env: DD_API_KEY, DD_APP_KEY (read-only application key), SLACK_BOT_TOKEN,
//      SLACK_CHANNEL. Keys are only sent to api.datadoghq.com / slack.com.
//
//   npx tsx ops/slo-report.ts --days 7
//   npx tsx ops/slo-report.ts --preview
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

interface Slo {
  name: string;
  kind: "availability" | "latency";
  query: string;
  target: number;
}

interface Result {
  slo: Slo;
  value: number | null;
  ok: boolean | null;
}

const DD = "https://api.datadoghq.com/api/v1/query";
const SLACK = "https://slack.com/api/chat.postMessage";

function env(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
}

function args(argv: string[]) {
  const days = argv.includes("--days") ? Number(argv[argv.indexOf("--days") + 1]) : 7;
  if (!Number.isInteger(days) || days < 1 || days > 30) throw new Error("--days must be 1..30");
  return { days, preview: argv.includes("--preview") };
}

function loadSlos(): Slo[] {
  const data = JSON.parse(readFileSync(join(process.cwd(), "ops", "slo.json"), "utf8")) as Slo[];
  for (const s of data) {
    if (!/^[\w.:{}(),* -]+$/.test(s.query)) throw new Error(`suspicious characters in query for ${s.name}`);
  }
  return data;
}

async function query(q: string, from: number, to: number): Promise<number | null> {
  const params = new URLSearchParams({ from: String(from), to: String(to), query: q });
  const res = await fetch(`${DD}?${params}`, {
    headers: { "DD-API-KEY": env("DD_API_KEY"), "DD-APPLICATION-KEY": env("DD_APP_KEY") },
  });
  if (!res.ok) throw new Error(`Datadog ${res.status}: ${await res.text()}`);
  const data = (await res.json()) as { series: Array<{ pointlist: Array<[number, number | null]> }> };
  const points = data.series.flatMap((s) => s.pointlist.map((p) => p[1])).filter((v): v is number => v !== null);
  if (!points.length) return null;
  return points.reduce((a, b) => a + b, 0) / points.length;
}

function evaluate(slo: Slo, value: number | null): boolean | null {
  if (value === null) return null;
  return slo.kind === "availability" ? value >= slo.target : value <= slo.target;
}

function format(results: Result[], days: number) {
  const icon = (ok: boolean | null) => (ok === null ? ":grey_question:" : ok ? ":large_green_circle:" : ":red_circle:");
  const lines = results.map((r) => {
    const v = r.value === null ? "no data" : r.slo.kind === "availability" ? `${r.value.toFixed(3)}%` : `${r.value.toFixed(0)} ms`;
    const t = r.slo.kind === "availability" ? `${r.slo.target}%` : `${r.slo.target} ms`;
    return `${icon(r.ok)} *${r.slo.name}*: ${v} (target ${t})`;
  });
  const breached = results.filter((r) => r.ok === false).length;
  const head = `:bar_chart: SLO report, last ${days} days - ${breached ? `${breached} breached` : "all met"}`;
  return { text: head, blocks: [{ type: "section", text: { type: "mrkdwn", text: `${head}\n${lines.join("\n")}` } }] };
}

async function post(payload: { text: string; blocks: unknown[] }): Promise<string> {
  const channel = env("SLACK_CHANNEL");
  if (!/^[CG][A-Z0-9]{8,}$/.test(channel)) throw new Error("SLACK_CHANNEL must be a channel id");
  const res = await fetch(SLACK, {
    method: "POST",
    headers: { Authorization: `Bearer ${env("SLACK_BOT_TOKEN")}`, "Content-Type": "application/json; charset=utf-8" },
    body: JSON.stringify({ channel, ...payload }),
  });
  const data = (await res.json()) as { ok: boolean; error?: string; ts?: string };
  if (!data.ok) throw new Error(`Slack: ${data.error}`);
  return data.ts ?? "";
}

function errorBudget(slo: Slo, value: number | null, days: number): string | null {
  // remaining error budget for availability SLOs, in minutes over the window
  if (slo.kind !== "availability" || value === null) return null;
  const windowMinutes = days * 24 * 60;
  const allowed = windowMinutes * (1 - slo.target / 100);
  const used = windowMinutes * (1 - value / 100);
  const left = allowed - used;
  return `${slo.name}: ${left >= 0 ? `${left.toFixed(0)} min budget left` : `${(-left).toFixed(0)} min over budget`}`;
}

function saveSnapshot(results: Result[], days: number): void {
  const dir = join(process.cwd(), "reports", "slo");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${new Date().toISOString().slice(0, 10)}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { days, results: results.map((r) => ({ name: r.slo.name, value: r.value, ok: r.ok, target: r.slo.target })) },
      null,
      2,
    ),
  );
}

function trend(results: Result[]): string[] {
  const dir = join(process.cwd(), "reports", "slo");
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
  if (files.length < 2) return [];
  const prev = JSON.parse(readFileSync(join(dir, files[files.length - 2]), "utf8")) as {
    results: Array<{ name: string; value: number | null }>;
  };
  const out: string[] = [];
  for (const r of results) {
    const p = prev.results.find((x) => x.name === r.slo.name);
    if (p?.value != null && r.value != null) out.push(`${r.slo.name}: ${p.value.toFixed(2)} -> ${r.value.toFixed(2)}`);
  }
  return out;
}

async function main(): Promise<void> {
  const { days, preview } = args(process.argv.slice(2));
  const to = Math.floor(Date.now() / 1000);
  const from = to - days * 86400;
  const results: Result[] = [];
  for (const slo of loadSlos()) {
    const value = await query(slo.query, from, to);
    results.push({ slo, value, ok: evaluate(slo, value) });
  }
  const payload = format(results, days);
  const budgets = results.map((r) => errorBudget(r.slo, r.value, days)).filter((b): b is string => b !== null);
  const changes = trend(results);
  const context = [...budgets, ...changes].join(" | ");
  if (context) payload.blocks.push({ type: "context", elements: [{ type: "mrkdwn", text: context }] } as never);
  if (!preview) saveSnapshot(results, days);
  if (preview) {
    console.log(JSON.stringify(payload, null, 2));
    return;
  }
  console.log(`posted ts=${await post(payload)}`);
  if (results.some((r) => r.ok === false)) process.exitCode = 1;
}

main().catch((e: Error) => {
  console.error(`slo-report: ${e.message}`);
  process.exit(1);
});
