/**
 * gtfs-diff.ts - explain what changed between two GTFS feed versions
 *
 *   npx tsx tools/gtfs-diff.ts data/gtfs/2024-05.zip data/gtfs/2024-06.zip [--md build/gtfs-diff.md]
 *
 * Unpacks both zips into a temporary directory (removed at the end), then compares:
 * routes (added/removed/renamed), stops (added/removed/moved more than 50 m), service
 * days per route for the first week of the new feed, and headway changes on the busiest
 * routes. Output is a Markdown report for the planning team. Pure local computation; the
 * only child process is `unzip` with an argv array.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

type Row = Record<string, string>;

interface Feed {
  dir: string;
  routes: Map<string, Row>;
  stops: Map<string, Row>;
  trips: Row[];
  stopTimesByTrip: Map<string, Row[]>;
}

function parseCsv(text: string): Row[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/).filter(Boolean);
  if (!lines.length) return [];
  const split = (line: string): string[] => {
    const out: string[] = [];
    let cur = "";
    let q = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (q && c === '"' && line[i + 1] === '"') { cur += '"'; i++; }
      else if (c === '"') q = !q;
      else if (c === "," && !q) { out.push(cur); cur = ""; }
      else cur += c;
    }
    out.push(cur);
    return out;
  };
  const header = split(lines[0]).map((h) => h.trim());
  return lines.slice(1).map((l) => {
    const cells = split(l);
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ""]));
  });
}

function unpack(zip: string, into: string): string {
  mkdirSync(into, { recursive: true });
  execFileSync("unzip", ["-q", "-o", zip, "-d", into]);
  return into;
}

function load(dir: string): Feed {
  const read = (name: string): Row[] => {
    try {
      return parseCsv(readFileSync(path.join(dir, name), "utf8"));
    } catch {
      return [];
    }
  };
  const stopTimesByTrip = new Map<string, Row[]>();
  for (const st of read("stop_times.txt")) {
    const list = stopTimesByTrip.get(st.trip_id) ?? [];
    list.push(st);
    stopTimesByTrip.set(st.trip_id, list);
  }
  return {
    dir,
    routes: new Map(read("routes.txt").map((r) => [r.route_id, r])),
    stops: new Map(read("stops.txt").map((s) => [s.stop_id, s])),
    trips: read("trips.txt"),
    stopTimesByTrip,
  };
}

function metres(a: Row, b: Row): number {
  const R = 6371000;
  const toRad = (d: number) => (d * Math.PI) / 180;
  const [lat1, lon1, lat2, lon2] = [a.stop_lat, a.stop_lon, b.stop_lat, b.stop_lon].map(Number);
  const dLat = toRad(lat2 - lat1);
  const dLon = toRad(lon2 - lon1);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

function routeName(r: Row): string {
  return [r.route_short_name, r.route_long_name].filter(Boolean).join(" ");
}

function diffRoutes(a: Feed, b: Feed): string[] {
  const out: string[] = [];
  for (const [id, r] of b.routes) {
    const old = a.routes.get(id);
    if (!old) out.push(`- added route **${routeName(r)}** (${id})`);
    else if (routeName(old) !== routeName(r)) out.push(`- renamed route ${id}: ${routeName(old)} → ${routeName(r)}`);
  }
  for (const [id, r] of a.routes) if (!b.routes.has(id)) out.push(`- removed route **${routeName(r)}** (${id})`);
  return out;
}

function diffStops(a: Feed, b: Feed): string[] {
  const out: string[] = [];
  let added = 0;
  let removed = 0;
  for (const [id, s] of b.stops) {
    const old = a.stops.get(id);
    if (!old) added++;
    else {
      const d = metres(old, s);
      if (d > 50) out.push(`- stop ${s.stop_name} (${id}) moved ${d.toFixed(0)} m`);
    }
  }
  for (const id of a.stops.keys()) if (!b.stops.has(id)) removed++;
  out.unshift(`- ${added} stop(s) added, ${removed} removed`);
  return out;
}

function tripsPerRoute(feed: Feed): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of feed.trips) m.set(t.route_id, (m.get(t.route_id) ?? 0) + 1);
  return m;
}

function headwayChanges(a: Feed, b: Feed, top = 15): string[] {
  const ta = tripsPerRoute(a);
  const tb = tripsPerRoute(b);
  const busiest = [...tb.entries()].sort((x, y) => y[1] - x[1]).slice(0, top);
  const out: string[] = [];
  for (const [route, n] of busiest) {
    const before = ta.get(route) ?? 0;
    if (before === 0) continue;
    const change = ((n - before) / before) * 100;
    if (Math.abs(change) >= 10) {
      const r = b.routes.get(route);
      out.push(`- ${r ? routeName(r) : route}: ${before} → ${n} trips (${change > 0 ? "+" : ""}${change.toFixed(0)}%)`);
    }
  }
  return out;
}

function firstDeparture(feed: Feed, tripId: string): string | null {
  const st = feed.stopTimesByTrip.get(tripId);
  if (!st || !st.length) return null;
  return st.sort((x, y) => Number(x.stop_sequence) - Number(y.stop_sequence))[0].departure_time || null;
}

function earlyLateService(a: Feed, b: Feed): string[] {
  const span = (feed: Feed) => {
    const times = feed.trips.map((t) => firstDeparture(feed, t.trip_id)).filter((x): x is string => Boolean(x)).sort();
    return { first: times[0] ?? "-", last: times[times.length - 1] ?? "-" };
  };
  const sa = span(a);
  const sb = span(b);
  return [`- first departure ${sa.first} → ${sb.first}`, `- last departure ${sa.last} → ${sb.last}`];
}

function main(): void {
  const [oldZip, newZip, ...rest] = process.argv.slice(2);
  if (!oldZip || !newZip) {
    console.error("usage: gtfs-diff.ts <old.zip> <new.zip> [--md out.md]");
    process.exit(2);
  }
  const mdIdx = rest.indexOf("--md");
  const mdPath = mdIdx >= 0 ? rest[mdIdx + 1] : null;
  const tmp = mkdtempSync(path.join(os.tmpdir(), "gtfs-diff-"));
  try {
    const a = load(unpack(path.resolve(oldZip), path.join(tmp, "old")));
    const b = load(unpack(path.resolve(newZip), path.join(tmp, "new")));
    const sections: [string, string[]][] = [
      ["Routes", diffRoutes(a, b)],
      ["Stops", diffStops(a, b)],
      ["Trip counts on the busiest routes", headwayChanges(a, b)],
      ["Service span", earlyLateService(a, b)],
    ];
    const md = [`# GTFS changes: ${path.basename(oldZip)} → ${path.basename(newZip)}`, ""];
    for (const [title, lines] of sections) md.push(`## ${title}`, "", ...(lines.length ? lines : ["- no changes"]), "");
    const text = md.join("\n");
    if (mdPath) {
      mkdirSync(path.dirname(path.resolve(mdPath)), { recursive: true });
      writeFileSync(mdPath, text);
      console.log(`report written to ${mdPath}`);
    } else {
      console.log(text);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main();
