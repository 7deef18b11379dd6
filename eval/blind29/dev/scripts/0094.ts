#!/usr/bin/env -S npx tsx
// Monthly KPI export from Matomo's Reporting API.
//
//   npx tsx tools/matomo-kpis.ts --month 2024-05
//   npx tsx tools/matomo-kpis.ts --month 2024-05 --sites 1,4 --segment "deviceType==smartphone"
//
// Instance: MATOMO_URL (default http://localhost:8080 for the dev stack,
// https://analytics.internal for the real one).  MATOMO_TOKEN_AUTH is sent as
// a POST body parameter (token_auth), as Matomo recommends, never in the URL.
// Requests are batched with API.getBulkRequest.  Results are written to
// reports/kpis-<month>.csv and reports/kpis-<month>.json.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

interface Options {
  month: string;
  sites?: number[];
  segment?: string;
}

interface SiteRow {
  idsite: number;
  name: string;
  main_url: string;
}

type Kpis = {
  visits: number;
  uniqueVisitors: number;
  actions: number;
  bounceRate: string;
  avgTimeOnSite: number;
  conversions: number;
  revenue: number;
  topPage?: string;
  topReferrer?: string;
};

function parseOptions(): Options {
  const a = process.argv.slice(2);
  const val = (k: string) => (a.includes(k) ? a[a.indexOf(k) + 1] : undefined);
  const month = val("--month");
  if (!month || !/^\d{4}-\d{2}$/.test(month)) throw new Error("--month YYYY-MM is required");
  const sites = val("--sites")?.split(",").map(Number);
  if (sites?.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error("--sites must be a list of site ids");
  return { month, sites, segment: val("--segment") };
}

function env(): Record<string, string | undefined> {
  const out: Record<string, string> = {};
  const f = path.join(ROOT, ".env");
  if (existsSync(f)) {
    for (const l of readFileSync(f, "utf8").split("\n")) {
      const m = /^\s*([A-Z_]+)\s*=\s*"?([^"]*)"?\s*$/.exec(l);
      if (m) out[m[1]] = m[2];
    }
  }
  return { ...out, ...process.env };
}

class Matomo {
  private readonly endpoint: string;

  constructor(base: string, private readonly token: string) {
    const u = new URL(base);
    const okHost = u.hostname === "localhost" || u.hostname.endsWith(".internal");
    if (!okHost) throw new Error(`MATOMO_URL host ${u.hostname} is not ours`);
    this.endpoint = `${u.origin}/index.php`;
  }

  private async post<T>(params: Record<string, string>): Promise<T> {
    const body = new URLSearchParams({ module: "API", format: "JSON", token_auth: this.token, ...params });
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(this.endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      if (res.ok) {
        const data = (await res.json()) as T | { result: "error"; message: string };
        if (data && typeof data === "object" && "result" in data && (data as { result: string }).result === "error") {
          throw new Error(`Matomo: ${(data as { message: string }).message}`);
        }
        return data as T;
      }
      if (attempt >= 3 || res.status < 500) throw new Error(`Matomo HTTP ${res.status}`);
      await new Promise((r) => setTimeout(r, 2000 * attempt));
    }
  }

  sites(): Promise<SiteRow[]> {
    return this.post<SiteRow[]>({ method: "SitesManager.getSitesWithAtLeastViewAccess" });
  }

  bulk(urls: Record<string, string>[]): Promise<unknown[]> {
    const params: Record<string, string> = { method: "API.getBulkRequest" };
    urls.forEach((u, i) => {
      params[`urls[${i}]`] = new URLSearchParams(u).toString();
    });
    return this.post<unknown[]>(params);
  }
}

function monthRange(month: string): string {
  const [y, m] = month.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-01,${month}-${String(last).padStart(2, "0")}`;
}

function kpiRequests(idSite: number, opts: Options): Record<string, string>[] {
  const common = { idSite: String(idSite), period: "range", date: monthRange(opts.month), ...(opts.segment ? { segment: opts.segment } : {}) };
  return [
    { method: "VisitsSummary.get", ...common },
    { method: "Goals.get", ...common },
    { method: "Actions.getPageUrls", flat: "1", filter_limit: "1", filter_sort_column: "nb_hits", ...common },
    { method: "Referrers.getAll", filter_limit: "1", ...common },
  ];
}

function toKpis(results: unknown[]): Kpis {
  const [summary, goals, pages, refs] = results as [
    Record<string, number | string>,
    Record<string, number>,
    { label: string }[],
    { label: string }[],
  ];
  return {
    visits: Number(summary.nb_visits ?? 0),
    uniqueVisitors: Number(summary.nb_uniq_visitors ?? 0),
    actions: Number(summary.nb_actions ?? 0),
    bounceRate: String(summary.bounce_rate ?? "0%"),
    avgTimeOnSite: Number(summary.avg_time_on_site ?? 0),
    conversions: Number(goals?.nb_conversions ?? 0),
    revenue: Number(goals?.revenue ?? 0),
    topPage: pages?.[0]?.label,
    topReferrer: refs?.[0]?.label,
  };
}

function csv(rows: (SiteRow & Kpis)[]): string {
  const cols = ["idsite", "name", "visits", "uniqueVisitors", "actions", "bounceRate", "avgTimeOnSite", "conversions", "revenue", "topPage", "topReferrer"] as const;
  const cell = (v: unknown) => {
    const s = v === undefined ? "" : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [cols.join(","), ...rows.map((r) => cols.map((c) => cell(r[c])).join(","))].join("\n") + "\n";
}

async function main(): Promise<number> {
  const opts = parseOptions();
  const e = env();
  if (!e.MATOMO_TOKEN_AUTH) throw new Error("MATOMO_TOKEN_AUTH missing in .env");
  const matomo = new Matomo(e.MATOMO_URL ?? "http://localhost:8080", e.MATOMO_TOKEN_AUTH);

  let sites = await matomo.sites();
  if (opts.sites) sites = sites.filter((s) => opts.sites!.includes(Number(s.idsite)));
  if (!sites.length) throw new Error("no sites selected");

  const rows: (SiteRow & Kpis)[] = [];
  for (const site of sites) {
    const results = await matomo.bulk(kpiRequests(Number(site.idsite), opts));
    const k = toKpis(results);
    rows.push({ ...site, ...k });
    console.error(`[kpis] ${site.name}: ${k.visits} visits, ${k.conversions} conversions`);
  }

  await mkdir(path.join(ROOT, "reports"), { recursive: true });
  const base = path.join(ROOT, "reports", `kpis-${opts.month}${opts.segment ? "-segment" : ""}`);
  await writeFile(`${base}.csv`, csv(rows));
  await writeFile(`${base}.json`, JSON.stringify({ month: opts.month, segment: opts.segment ?? null, rows }, null, 2));
  const totals = rows.reduce((t, r) => ({ visits: t.visits + r.visits, conversions: t.conversions + r.conversions }), { visits: 0, conversions: 0 });
  console.error(`[kpis] total ${totals.visits} visits, ${totals.conversions} conversions → ${path.relative(ROOT, base)}.csv`);
  return 0;
}

main().then(
  (c) => process.exit(c),
  (err: Error) => {
    console.error(`[kpis] ${err.message}`);
    process.exit(1);
  },
);
