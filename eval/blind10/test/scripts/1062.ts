// On-call handover helper: lists PagerDuty incidents from the last shift
// for our services and writes a markdown handover note to docs/oncall/.
// PAGERDUTY_TOKEN is only sent to api.pagerduty.com.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

const PD_API = "https://api.pagerduty.com";
const ROOT = path.resolve(__dirname, "..");

type Urgency = "high" | "low";

interface Incident {
  id: string;
  incident_number: number;
  title: string;
  status: "triggered" | "acknowledged" | "resolved";
  urgency: Urgency;
  created_at: string;
  html_url: string;
  service: { summary: string };
}

const SERVICE_IDS = (process.env.PD_SERVICE_IDS ?? "").split(",").filter(Boolean);

async function pd<T>(endpoint: string, params: URLSearchParams): Promise<T> {
  const token = process.env.PAGERDUTY_TOKEN;
  if (!token) throw new Error("PAGERDUTY_TOKEN is not set");
  const res = await fetch(`${PD_API}${endpoint}?${params}`, {
    headers: {
      Authorization: `Token token=${token}`,
      Accept: "application/vnd.pagerduty+json;version=2",
    },
  });
  if (!res.ok) throw new Error(`PagerDuty ${endpoint}: ${res.status}`);
  return (await res.json()) as T;
}

async function incidentsSince(since: Date): Promise<Incident[]> {
  const all: Incident[] = [];
  let offset = 0;
  for (;;) {
    const params = new URLSearchParams({
      since: since.toISOString(),
      until: new Date().toISOString(),
      limit: "100",
      offset: String(offset),
    });
    SERVICE_IDS.forEach((id) => params.append("service_ids[]", id));
    const page = await pd<{ incidents: Incident[]; more: boolean }>("/incidents", params);
    all.push(...page.incidents);
    if (!page.more) break;
    offset += page.incidents.length;
  }
  return all;
}

function section(title: string, items: Incident[]): string[] {
  if (items.length === 0) return [`### ${title}`, "", "_none_", ""];
  return [
    `### ${title}`,
    "",
    ...items.map(
      (i) => `- [#${i.incident_number}](${i.html_url}) **${i.service.summary}** - ${i.title} (${i.urgency})`,
    ),
    "",
  ];
}

async function main(): Promise<void> {
  const hours = Number(process.argv[2] ?? 12);
  const since = new Date(Date.now() - hours * 3600_000);
  const incidents = await incidentsSince(since);
  const open = incidents.filter((i) => i.status !== "resolved");
  const resolved = incidents.filter((i) => i.status === "resolved");
  const note = [
    `# On-call handover ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Window: last ${hours}h, ${incidents.length} incident(s).`,
    "",
    ...section("Still open", open),
    ...section("Resolved", resolved),
    "### Notes",
    "",
    "- ",
    "",
  ].join("\n");
  const dir = path.join(ROOT, "docs", "oncall");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `handover-${new Date().toISOString().slice(0, 10)}.md`);
  await writeFile(file, note);
  console.log(note);
  console.log(`saved ${path.relative(ROOT, file)}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
