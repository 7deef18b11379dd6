#!/usr/bin/env -S npx tsx
/**
 * eln-bookings-export.ts — export the instrument bookings from the eLabFTW
 * scheduler for the monthly usage report (read-only).
 *
 *   npx tsx tools/eln-bookings-export.ts --month 2024-04
 *   npx tsx tools/eln-bookings-export.ts --month 2024-04 --instrument hplc-1
 *
 * Bookable items are eLabFTW items with "is_bookable"; events come from
 * /api/v2/events.  The lab instance URL is in config/eln.json (must be a
 * *.internal host) and ELABFTW_KEY from .env goes in the Authorization
 * header.  Output: build/bookings/<month>.csv and a per-group summary.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(REPO, "build", "bookings");

interface BookableItem {
  id: number;
  title: string;
  category_title?: string;
}

interface EventRecord {
  id: number;
  item: number;
  start: string;
  end: string;
  title?: string;
  userid: number;
  fullname?: string;
  team?: number;
}

interface Booking {
  instrument: string;
  user: string;
  start: Date;
  end: Date;
  hours: number;
  title: string;
}

function apiBase(): string {
  const cfg = JSON.parse(readFileSync(join(REPO, "config", "eln.json"), "utf8")) as { url: string };
  const url = new URL(cfg.url);
  if (!url.hostname.endsWith(".internal")) throw new Error(`${url.hostname} is not the lab eLabFTW`);
  return `${url.origin}/api/v2`;
}

function apiKey(): string {
  const env = process.env.ELABFTW_KEY;
  if (env) return env;
  const file = join(REPO, ".env");
  const m = existsSync(file) ? readFileSync(file, "utf8").match(/^ELABFTW_KEY=(.+)$/m) : null;
  if (!m) throw new Error("ELABFTW_KEY missing");
  return m[1].trim();
}

async function get<T>(route: string, params: Record<string, string> = {}): Promise<T> {
  const url = new URL(`${apiBase()}/${route}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  for (let attempt = 0; attempt < 4; attempt++) {
    const res = await fetch(url, { headers: { Authorization: apiKey(), Accept: "application/json" } });
    if ([429, 500, 502, 503, 504].includes(res.status)) {
      await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
      continue;
    }
    if (!res.ok) throw new Error(`GET ${route}: ${res.status}`);
    return (await res.json()) as T;
  }
  throw new Error(`GET ${route}: retries exhausted`);
}

function monthRange(month: string): { start: Date; end: Date } {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new Error("--month must be YYYY-MM");
  const [y, m] = month.split("-").map(Number);
  return { start: new Date(Date.UTC(y, m - 1, 1)), end: new Date(Date.UTC(y, m, 1)) };
}

function clip(b: Booking, start: Date, end: Date): Booking | null {
  const s = b.start < start ? start : b.start;
  const e = b.end > end ? end : b.end;
  if (e <= s) return null;
  return { ...b, start: s, end: e, hours: (e.getTime() - s.getTime()) / 3.6e6 };
}

function csv(rows: Booking[]): string {
  const esc = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = ["instrument,user,start,end,hours,title"];
  for (const r of rows) {
    lines.push([r.instrument, r.user, r.start.toISOString(), r.end.toISOString(), r.hours.toFixed(2), r.title].map(esc).join(","));
  }
  return lines.join("\n") + "\n";
}

function utilisation(rows: Booking[], instruments: BookableItem[], start: Date, end: Date) {
  const hoursInMonth = (end.getTime() - start.getTime()) / 3.6e6;
  const workingHours = hoursInMonth * (10 / 24) * (5 / 7);
  return instruments.map((i) => {
    const booked = rows.filter((r) => r.instrument === i.title).reduce((s, r) => s + r.hours, 0);
    return { instrument: i.title, bookedHours: booked.toFixed(1), utilisation: `${Math.round((100 * booked) / workingHours)}%` };
  });
}

function byUser(rows: Booking[]) {
  const map = new Map<string, number>();
  for (const r of rows) map.set(r.user, (map.get(r.user) ?? 0) + r.hours);
  return [...map.entries()].sort((a, b) => b[1] - a[1]).map(([user, h]) => ({ user, hours: h.toFixed(1) }));
}

const HELP = `eln-bookings-export.ts --month YYYY-MM [--instrument TITLE]

Exports every booking of a bookable eLabFTW item in the given month.
Bookings that cross the month boundary are clipped to the month, so the
hours add up correctly across consecutive reports.

Utilisation is booked hours divided by working hours, approximated as
10 hours per weekday; it is a planning number, not an audit figure.

Output
  build/bookings/<month>.csv                 one row per booking
  build/bookings/<month>-<instrument>.csv    with --instrument
  tables on stdout: utilisation per instrument, hours per user (top 15)`;

/** Overlapping bookings on the same instrument indicate a scheduler problem. */
function overlaps(rows: Booking[]): string[] {
  const out: string[] = [];
  const byInstrument = new Map<string, Booking[]>();
  for (const r of rows) byInstrument.set(r.instrument, [...(byInstrument.get(r.instrument) ?? []), r]);
  for (const [instrument, list] of byInstrument) {
    list.sort((a, b) => a.start.getTime() - b.start.getTime());
    for (let i = 1; i < list.length; i++) {
      if (list[i].start < list[i - 1].end) {
        out.push(`${instrument}: ${list[i - 1].user} and ${list[i].user} overlap at ${list[i].start.toISOString()}`);
      }
    }
  }
  return out;
}

async function main(): Promise<void> {
  if (process.argv.includes("--help")) {
    console.log(HELP);
    return;
  }
  const argv = process.argv.slice(2);
  const month = argv[argv.indexOf("--month") + 1];
  const only = argv.includes("--instrument") ? argv[argv.indexOf("--instrument") + 1] : undefined;
  const { start, end } = monthRange(month);
  console.error(`eLabFTW ${apiBase()} (key ${apiKey().slice(0, 4)}…), ${month}`);

  const items = (await get<BookableItem[]>("items", { limit: "500", bookable: "1" })).filter((i) => !only || i.title === only);
  const titles = new Map(items.map((i) => [i.id, i.title]));
  const events = await get<EventRecord[]>("events", { start: start.toISOString(), end: end.toISOString() });
  const rows = events
    .filter((e) => titles.has(e.item))
    .map((e) => ({
      instrument: titles.get(e.item)!,
      user: e.fullname ?? `user ${e.userid}`,
      start: new Date(e.start),
      end: new Date(e.end),
      hours: 0,
      title: e.title ?? "",
    }))
    .map((b) => clip(b, start, end))
    .filter((b): b is Booking => b !== null)
    .sort((a, b) => a.start.getTime() - b.start.getTime());

  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, `${month}${only ? `-${only}` : ""}.csv`), csv(rows));
  console.table(utilisation(rows, items, start, end));
  console.table(byUser(rows).slice(0, 15));
  for (const o of overlaps(rows)) console.log(`overlap: ${o}`);
  console.log(`${rows.length} booking(s) exported to build/bookings/`);
}

main().catch((err: Error) => {
  console.error(`eln-bookings-export: ${err.message}`);
  process.exitCode = 1;
});
