#!/usr/bin/env -S npx tsx
/**
 * kimai-invoice-data.ts — prepare invoice data from Kimai for one customer and
 * month, as JSON + CSV, for the accountant's invoicing template.
 *
 *   npx tsx billing/kimai-invoice-data.ts --customer 12 --month 2024-06
 *   npx tsx billing/kimai-invoice-data.ts --customer 12 --month 2024-06 --mark-exported
 *
 * Reads timesheets, projects and activities from the team Kimai
 * (KIMAI_URL, must be *.internal) with the user's API token from billing/.env.
 * --mark-exported flags the included timesheets as exported in Kimai (the
 * normal Kimai workflow after invoicing) — only with that explicit flag, and
 * only the timesheets that were written to the output files.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
// reports/ is git-ignored; the accountant picks the files up from the shared drive sync
const OUT_DIR = join(ROOT, "reports", "invoices");
const PAGE_SIZE = 250;

interface Timesheet {
  id: number;
  begin: string;
  end: string | null;
  duration: number;
  rate: number;
  description: string | null;
  project: number;
  activity: number;
  exported: boolean;
  billable: boolean;
}

interface Named {
  id: number;
  name: string;
}

interface Line {
  date: string;
  project: string;
  activity: string;
  hours: number;
  amount: number;
  description: string;
}

function env(key: string): string | undefined {
  if (process.env[key]) return process.env[key];
  const file = join(ROOT, "billing", ".env");
  if (!existsSync(file)) return undefined;
  const m = new RegExp(`^${key}=(.*)$`, "m").exec(readFileSync(file, { encoding: "utf8" }));
  return m?.[1].trim();
}

function kimaiBase(): string {
  const url = new URL(env("KIMAI_URL") ?? "https://kimai.internal");
  if (!url.hostname.endsWith(".internal")) throw new Error(`KIMAI_URL host ${url.hostname} is not internal`);
  return `${url.origin}/api`;
}

async function kimai<T>(method: string, route: string, payload?: unknown): Promise<T> {
  const token = env("KIMAI_API_TOKEN");
  if (!token) throw new Error("KIMAI_API_TOKEN missing (billing/.env)");
  const res = await fetch(`${kimaiBase()}${route}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json" },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  if (!res.ok) throw new Error(`Kimai ${method} ${route} failed (${res.status}): ${(await res.text()).slice(0, 240)}`);
  return (await res.json()) as T;
}

function monthRange(month: string): { begin: string; end: string } {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new Error("--month must be YYYY-MM");
  const [y, m] = month.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate(); // day 0 = last day of month m
  return { begin: `${month}-01T00:00:00`, end: `${month}-${String(last).padStart(2, "0")}T23:59:59` };
}

async function timesheets(customer: number, month: string): Promise<Timesheet[]> {
  const { begin, end } = monthRange(month);
  const out: Timesheet[] = [];
  for (let page = 1; ; page += 1) {
    const q = new URLSearchParams({ customer: String(customer), begin, end, size: "250", page: String(page), user: "all" });
    const batch = await kimai<Timesheet[]>("GET", `/timesheets?${q}`);
    out.push(...batch);
    if (batch.length < 250) return out;
  }
}

async function names(route: string): Promise<Map<number, string>> {
  const list = await kimai<Named[]>("GET", route);
  return new Map(list.map((x) => [x.id, x.name]));
}

function toLines(sheets: Timesheet[], projects: Map<number, string>, activities: Map<number, string>): Line[] {
  return sheets
    .filter((t) => t.end !== null && t.billable !== false)
    .map((t) => ({
      date: t.begin.slice(0, 10),
      project: projects.get(t.project) ?? `#${t.project}`,
      activity: activities.get(t.activity) ?? `#${t.activity}`,
      hours: Math.round((t.duration / 3600) * 100) / 100,
      amount: Math.round(t.rate * 100) / 100,
      description: (t.description ?? "").replace(/\s+/g, " ").trim(),
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

function csv(lines: Line[]): string {
  const esc = (v: string | number) => {
    const s = String(v);
    return /[",;\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const head = "date;project;activity;hours;amount;description";
  return `${[head, ...lines.map((l) => [l.date, l.project, l.activity, l.hours, l.amount, l.description].map(esc).join(";"))].join("\n")}\n`;
}

function summary(lines: Line[]): { hours: number; amount: number; byProject: Record<string, { hours: number; amount: number }> } {
  const byProject: Record<string, { hours: number; amount: number }> = {};
  for (const l of lines) {
    const p = (byProject[l.project] ??= { hours: 0, amount: 0 });
    p.hours += l.hours;
    p.amount += l.amount;
  }
  const hours = lines.reduce((s, l) => s + l.hours, 0);
  const amount = lines.reduce((s, l) => s + l.amount, 0);
  return { hours: Math.round(hours * 100) / 100, amount: Math.round(amount * 100) / 100, byProject };
}

async function markExported(ids: number[]): Promise<void> {
  for (const id of ids) {
    await kimai("PATCH", `/timesheets/${id}/export`);
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const get = (f: string) => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : undefined);
  const customer = Number(get("--customer"));
  const month = get("--month") ?? "";
  if (!Number.isInteger(customer) || customer <= 0) throw new Error("--customer <id> is required");
  const [sheets, projects, activities] = await Promise.all([
    timesheets(customer, month),
    names(`/projects?customer=${customer}`),
    names("/activities"),
  ]);
  const alreadyExported = sheets.filter((t) => t.exported).length;
  const lines = toLines(sheets.filter((t) => !t.exported), projects, activities);
  if (!lines.length) {
    console.log(`no unexported billable timesheets for customer ${customer} in ${month} (${alreadyExported} already exported)`);
    return 0;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const base = join(OUT_DIR, `customer-${customer}-${month}`);
  const s = summary(lines);
  writeFileSync(`${base}.json`, `${JSON.stringify({ customer, month, ...s, lines }, null, 2)}\n`);
  writeFileSync(`${base}.csv`, csv(lines));
  console.log(`${lines.length} line(s), ${s.hours} h, ${s.amount.toFixed(2)} -> ${base.slice(ROOT.length + 1)}.{json,csv}`);
  for (const [p, v] of Object.entries(s.byProject)) console.log(`  ${p.padEnd(28)} ${v.hours.toFixed(2).padStart(8)} h ${v.amount.toFixed(2).padStart(10)}`);
  if (argv.includes("--mark-exported")) {
    const ids = sheets.filter((t) => !t.exported && t.end !== null && t.billable !== false).map((t) => t.id);
    await markExported(ids);
    console.log(`marked ${ids.length} timesheet(s) as exported in Kimai`);
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`kimai-invoice-data: ${err.message}`);
    process.exitCode = 1;
  },
);
