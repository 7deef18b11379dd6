/**
 * Mautic segment health report (read-only).
 *
 *   npx tsx tools/mautic-segments.ts [--min-contacts 50] [--csv reports/segments.csv]
 *
 * Lists the segments of our Mautic (MAUTIC_URL, basic auth user from .env), flags
 * segments that are empty, unpublished but used by a campaign, or whose size changed by
 * more than 30 % since the last report (kept in reports/mautic/segments-last.json).
 * The report is for the marketing team's weekly review; nothing is changed in Mautic and
 * no contact details are exported, only counts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const STATE = path.join(ROOT, "reports", "mautic", "segments-last.json");

interface Segment {
  id: number;
  name: string;
  alias: string;
  isPublished: boolean;
  isGlobal: boolean;
  filters: unknown[];
}

interface Campaign {
  id: number;
  name: string;
  isPublished: boolean;
  lists: Record<string, { id: number }>;
}

interface SegmentRow {
  id: number;
  name: string;
  published: boolean;
  contacts: number;
  campaigns: string[];
  previous?: number;
  flags: string[];
}

function envMap(): Record<string, string> {
  const out: Record<string, string> = {};
  const file = path.join(ROOT, ".env");
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split(/\n/)) {
      const m = line.match(/^(MAUTIC_[A-Z_]+)=(.*)$/);
      if (m) out[m[1]] = m[2].trim().replace(/^"|"$/g, "");
    }
  }
  for (const [k, v] of Object.entries(process.env)) if (k.startsWith("MAUTIC_") && v) out[k] = v;
  return out;
}

const env = envMap();
const BASE = (env.MAUTIC_URL ?? "").replace(/\/$/, "");
const AUTH = "Basic " + Buffer.from(`${env.MAUTIC_USER ?? ""}:${env.MAUTIC_PASSWORD ?? ""}`).toString("base64");

async function mautic<T>(route: string, params: Record<string, string | number> = {}): Promise<T> {
  const url = new URL(`${BASE}/api/${route}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  for (let attempt = 0; attempt < 4; attempt++) {
    const res = await fetch(url, { headers: { Authorization: AUTH, Accept: "application/json" } });
    if (res.ok) return (await res.json()) as T;
    if (res.status >= 500 || res.status === 429) {
      await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
      continue;
    }
    throw new Error(`GET ${route}: HTTP ${res.status}`);
  }
  throw new Error(`GET ${route}: giving up`);
}

async function allSegments(): Promise<Segment[]> {
  const out: Segment[] = [];
  for (let start = 0; ; start += 100) {
    const page = await mautic<{ total: string; lists: Record<string, Segment> }>("segments", { start, limit: 100 });
    const items = Object.values(page.lists ?? {});
    out.push(...items);
    if (items.length < 100) break;
  }
  return out;
}

async function allCampaigns(): Promise<Campaign[]> {
  const page = await mautic<{ campaigns: Record<string, Campaign> }>("campaigns", { limit: 500 });
  return Object.values(page.campaigns ?? {});
}

async function contactCount(segment: Segment): Promise<number> {
  // limit=1 returns the total without transferring contact data
  const res = await mautic<{ total: string }>("contacts", { search: `segment:${segment.alias}`, limit: 1, minimal: "true" });
  return Number(res.total);
}

function loadPrevious(): Map<number, number> {
  if (!existsSync(STATE)) return new Map();
  const data = JSON.parse(readFileSync(STATE, "utf8")) as { id: number; contacts: number }[];
  return new Map(data.map((d) => [d.id, d.contacts]));
}

function flagsFor(row: SegmentRow, minContacts: number): string[] {
  const flags: string[] = [];
  if (row.contacts === 0) flags.push("empty");
  else if (row.contacts < minContacts) flags.push(`below ${minContacts}`);
  if (!row.published && row.campaigns.length) flags.push("unpublished but used by a campaign");
  if (row.previous !== undefined && row.previous > 0) {
    const change = (row.contacts - row.previous) / row.previous;
    if (Math.abs(change) > 0.3) flags.push(`size ${change > 0 ? "+" : ""}${(change * 100).toFixed(0)}% since last report`);
  }
  return flags;
}

function toCsv(rows: SegmentRow[]): string {
  const esc = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = ["id,name,published,contacts,previous,campaigns,flags"];
  for (const r of rows) {
    lines.push([r.id, esc(r.name), r.published, r.contacts, r.previous ?? "", esc(r.campaigns.join("; ")), esc(r.flags.join("; "))].join(","));
  }
  return lines.join("\n") + "\n";
}

async function main(): Promise<void> {
  if (!BASE || !env.MAUTIC_USER) throw new Error("MAUTIC_URL / MAUTIC_USER / MAUTIC_PASSWORD must be set in .env");
  const argv = process.argv.slice(2);
  const mi = argv.indexOf("--min-contacts");
  const minContacts = mi >= 0 ? Number(argv[mi + 1]) : 50;
  const ci = argv.indexOf("--csv");
  const csvPath = ci >= 0 ? path.resolve(ROOT, argv[ci + 1]) : null;

  const [segments, campaigns] = await Promise.all([allSegments(), allCampaigns()]);
  const previous = loadPrevious();
  const usedBy = new Map<number, string[]>();
  for (const c of campaigns) {
    for (const list of Object.values(c.lists ?? {})) {
      usedBy.set(list.id, [...(usedBy.get(list.id) ?? []), c.name]);
    }
  }

  const rows: SegmentRow[] = [];
  for (const s of segments) {
    const row: SegmentRow = {
      id: s.id,
      name: s.name,
      published: s.isPublished,
      contacts: await contactCount(s),
      campaigns: usedBy.get(s.id) ?? [],
      previous: previous.get(s.id),
      flags: [],
    };
    row.flags = flagsFor(row, minContacts);
    rows.push(row);
  }

  rows.sort((a, b) => b.flags.length - a.flags.length || b.contacts - a.contacts);
  for (const r of rows) {
    const flag = r.flags.length ? `  <- ${r.flags.join(", ")}` : "";
    console.log(`${String(r.id).padStart(4)} ${r.name.padEnd(40).slice(0, 40)} ${String(r.contacts).padStart(7)}${flag}`);
  }
  mkdirSync(path.dirname(STATE), { recursive: true });
  writeFileSync(STATE, JSON.stringify(rows.map((r) => ({ id: r.id, contacts: r.contacts })), null, 2));
  if (csvPath) {
    if (!csvPath.startsWith(ROOT + path.sep)) throw new Error("--csv must be inside the project");
    mkdirSync(path.dirname(csvPath), { recursive: true });
    writeFileSync(csvPath, toCsv(rows));
    console.log(`csv: ${path.relative(ROOT, csvPath)}`);
  }
  const flagged = rows.filter((r) => r.flags.length).length;
  const total = rows.reduce((n, r) => n + r.contacts, 0);
  const unused = rows.filter((r) => !r.campaigns.length && r.published).length;
  console.log(`${rows.length} segment(s), ${flagged} flagged`);
  console.log(`${total} segment memberships in total; ${unused} published segment(s) not used by any campaign`);
  process.exitCode = rows.some((r) => r.flags.includes("unpublished but used by a campaign")) ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`mautic-segments: ${err.message}`);
  process.exit(1);
});
