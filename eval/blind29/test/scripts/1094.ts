#!/usr/bin/env -S npx tsx
// Monthly GoatCounter statistics for the project websites (read-only).
//
//   npx tsx tools/goatcounter-monthly.ts --month 2024-05
//   npx tsx tools/goatcounter-monthly.ts --month 2024-05 --sites docs,blog --top 20
//
// Queries the GoatCounter API v0 of each site configured in
// config/goatcounter-sites.json (each entry: code, url on *.internal or
// localhost, token env var name).  Uses /api/v0/stats/total,
// /api/v0/stats/hits and /api/v0/stats/{page} for referrers, browsers and
// locations.  Tokens come from .env and are only sent to the site's own URL.
// Output: reports/goatcounter/<month>.md and .json.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

interface SiteConfig {
  code: string;
  url: string;
  tokenEnv: string;
}

interface Totals {
  total: number;
  total_events: number;
  total_utc: number;
}

type StatRow = { id: string; name: string; count: number };

const ROOT = path.resolve(__dirname, "..");

function envValues(): Record<string, string> {
  const out: Record<string, string> = {};
  const f = path.join(ROOT, ".env");
  if (existsSync(f)) {
    for (const line of readFileSync(f, "utf8").split(/\n/)) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
      if (m) out[m[1]] = m[2].replace(/^"|"$/g, "");
    }
  }
  return { ...out, ...(process.env as Record<string, string>) };
}

function monthRange(month: string): { start: string; end: string } {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new Error("--month must be YYYY-MM");
  const [y, m] = month.split("-").map(Number);
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${month}-01T00:00:00Z`, end: `${month}-${String(lastDay).padStart(2, "0")}T23:59:59Z` };
}

class GoatCounter {
  private readonly base: string;

  constructor(private readonly site: SiteConfig, private readonly token: string) {
    const u = new URL(site.url);
    if (!(u.hostname.endsWith(".internal") || u.hostname === "localhost" || u.hostname.endsWith(".localhost"))) {
      throw new Error(`${site.code}: ${u.hostname} is not one of our GoatCounter instances`);
    }
    this.base = `${u.origin}/api/v0`;
  }

  private async get<T>(route: string, params: Record<string, string | number>): Promise<T> {
    const url = new URL(this.base + route);
    for (const [key, v] of Object.entries(params)) url.searchParams.set(key, String(v));
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(url, { headers: { authorization: `Bearer ${this.token}`, "content-type": "application/json" } });
      if (res.ok) return (await res.json()) as T;
      if (res.status === 429 && attempt < 5) {
        const wait = Number(res.headers.get("x-rate-limit-reset") ?? attempt * 2);
        await new Promise((done) => setTimeout(done, wait * 1000));
        continue;
      }
      throw new Error(`${this.site.code} ${route}: HTTP ${res.status}`);
    }
  }

  totals(start: string, end: string): Promise<Totals> {
    return this.get<Totals>("/stats/total", { start, end });
  }

  async topPages(start: string, end: string, limit: number): Promise<{ path: string; count: number }[]> {
    const body = await this.get<{ hits: { path: string; count: number }[] }>("/stats/hits", { start, end, limit });
    return body.hits.map((h) => ({ path: h.path, count: h.count }));
  }

  async page(name: "toprefs" | "browsers" | "locations" | "sizes", start: string, end: string, limit: number): Promise<StatRow[]> {
    const body = await this.get<{ stats: StatRow[] }>(`/stats/${name}`, { start, end, limit });
    return body.stats ?? [];
  }
}

// month-over-month comparison using last month's JSON report, if present
function previousMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 2, 1));
  return d.toISOString().slice(0, 7);
}

function loadPrevious(month: string): Record<string, { totals: Totals }> | null {
  const file = path.join(ROOT, "reports", "goatcounter", `${previousMonth(month)}.json`);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function change(now: number, before: number | undefined): string {
  if (!before) return "n/a";
  const delta = ((now - before) / before) * 100;
  return `${delta >= 0 ? "+" : ""}${delta.toFixed(1)}%`;
}

function comparisonTable(current: Record<string, unknown>, previous: Record<string, { totals: Totals }> | null): string[] {
  if (!previous) return [];
  const rows = Object.entries(current).map(([code, data]) => {
    const now = (data as { totals: Totals }).totals.total;
    const before = previous[code]?.totals.total;
    return `| ${code} | ${now} | ${before ?? "-"} | ${change(now, before)} |`;
  });
  return ["## Compared with the previous month", "", "| site | visits | previous | change |", "|---|---:|---:|---:|", ...rows, ""];
}

function pct(n: number, total: number): string {
  return total ? `${((n / total) * 100).toFixed(1)}%` : "-";
}

function section(title: string, rows: { label: string; count: number }[], total: number): string[] {
  if (!rows.length) return [];
  return [`### ${title}`, "", "| | visits | share |", "|---|---:|---:|", ...rows.map((r) => `| ${r.label.replace(/\|/g, "\\|")} | ${r.count} | ${pct(r.count, total)} |`), ""];
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const val = (k: string) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : undefined);
  const month = val("--month") ?? new Date(Date.now() - 15 * 86_400_000).toISOString().slice(0, 7);
  const top = Number(val("--top") ?? 10);
  const { start, end } = monthRange(month);
  const env = envValues();
  let sites = JSON.parse(readFileSync(path.join(ROOT, "config", "goatcounter-sites.json"), "utf8")) as SiteConfig[];
  const only = val("--sites")?.split(",");
  if (only) sites = sites.filter((s) => only.includes(s.code));
  if (sites.length === 0) throw new Error("no sites selected");

  const md: string[] = [`# Website statistics ${month}`, ""];
  const json: Record<string, unknown> = {};
  for (const site of sites) {
    const token = env[site.tokenEnv];
    if (!token) {
      console.error(`[goatcounter] ${site.code}: ${site.tokenEnv} not set, skipped`);
      continue;
    }
    const gc = new GoatCounter(site, token);
    const [totals, pages, refs, browsers, locations] = await Promise.all([
      gc.totals(start, end),
      gc.topPages(start, end, top),
      gc.page("toprefs", start, end, top),
      gc.page("browsers", start, end, 8),
      gc.page("locations", start, end, 8),
    ]);
    json[site.code] = { totals, pages, refs, browsers, locations };
    md.push(`## ${site.code}`, "", `Visits: **${totals.total}**, events: ${totals.total_events}`, "");
    md.push(...section("Top pages", pages.map((p) => ({ label: p.path, count: p.count })), totals.total));
    md.push(...section("Referrers", refs.map((r) => ({ label: r.name || "(direct)", count: r.count })), totals.total));
    md.push(...section("Browsers", browsers.map((b) => ({ label: b.name, count: b.count })), totals.total));
    md.push(...section("Locations", locations.map((l) => ({ label: l.name, count: l.count })), totals.total));
    console.error(`[goatcounter] ${site.code}: ${totals.total} visits`);
  }

  md.push(...comparisonTable(json, loadPrevious(month)));
  const dir = path.join(ROOT, "reports", "goatcounter");
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${month}.md`), md.join("\n") + "\n");
  await writeFile(path.join(dir, `${month}.json`), JSON.stringify(json, null, 2));
  console.log(md.slice(0, 6).join("\n"));
  return 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[goatcounter] ${e.message}`);
    process.exit(1);
  },
);
