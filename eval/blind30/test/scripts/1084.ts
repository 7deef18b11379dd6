/**
 * indico-timetable.ts - export an Indico event timetable to static JSON for the venue app
 *
 *   npx tsx tools/indico-timetable.ts --event 1842 [--out app/public/timetable.json]
 *
 * Reads the timetable via Indico's HTTP export API (INDICO_URL = our instance, token in
 * .env as Bearer header), flattens sessions/contributions/breaks into a list of slots with
 * room, start/end (ISO with offset) and speakers (display names only), and writes the JSON
 * consumed by the venue signage app. Unchanged output is not rewritten, so the app's cache
 * headers stay stable.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

interface IndicoDate {
  date: string;
  time: string;
  tz: string;
}

interface IndicoEntry {
  _type: "Contribution" | "Session" | "Break" | "SessionSlot" | string;
  id: string;
  title: string;
  startDate: IndicoDate;
  endDate: IndicoDate;
  room?: string;
  location?: string;
  presenters?: { name?: string; fullName?: string; affiliation?: string }[];
  entries?: Record<string, IndicoEntry>;
  description?: string;
  track?: string;
}

interface Slot {
  id: string;
  kind: "talk" | "break" | "session";
  title: string;
  room: string;
  start: string;
  end: string;
  speakers: string[];
  track: string | null;
}

function setting(key: string, fallback?: string): string {
  if (process.env[key]) return String(process.env[key]);
  const file = path.join(ROOT, ".env");
  if (existsSync(file)) {
    const m = new RegExp(`^${key}=(.*)$`, "m").exec(readFileSync(file, { encoding: "utf8" }));
    if (m) return m[1].trim().replace(/^"|"$/g, "");
  }
  if (fallback !== undefined) return fallback;
  throw new Error(`${key} missing`);
}

function iso(d: IndicoDate): string {
  // Indico gives local date/time plus tz name; the venue app wants an explicit offset.
  const local = new Date(`${d.date}T${d.time}`);
  const fmt = new Intl.DateTimeFormat("en-US", { timeZone: d.tz, timeZoneName: "longOffset" });
  const offset = fmt.formatToParts(local).find((p) => p.type === "timeZoneName")?.value.replace("GMT", "") || "+00:00";
  return `${d.date}T${d.time.slice(0, 5)}:00${offset === "" ? "+00:00" : offset}`;
}

async function timetable(eventId: string): Promise<Record<string, Record<string, IndicoEntry>>> {
  const base = setting("INDICO_URL", "https://indico.internal").replace(/\/$/, "");
  if (!/\.internal(:\d+)?$/.test(new URL(base).host)) throw new Error(`INDICO_URL ${base} is not our instance`);
  const res = await fetch(`${base}/export/timetable/${encodeURIComponent(eventId)}.json?pretty=no`, {
    headers: { Authorization: `Bearer ${setting("INDICO_TOKEN")}` },
  });
  if (!res.ok) throw new Error(`timetable: HTTP ${res.status}`);
  const body = (await res.json()) as { results: Record<string, Record<string, Record<string, IndicoEntry>>> };
  return body.results[eventId] ?? {};
}

function flatten(days: Record<string, Record<string, IndicoEntry>>): Slot[] {
  const slots: Slot[] = [];
  const visit = (entry: IndicoEntry, track: string | null) => {
    if (entry._type === "Break") {
      slots.push({ id: entry.id, kind: "break", title: entry.title, room: entry.room ?? "", start: iso(entry.startDate), end: iso(entry.endDate), speakers: [], track: null });
      return;
    }
    if (entry.entries && Object.keys(entry.entries).length) {
      for (const child of Object.values(entry.entries)) visit(child, entry.title ?? track);
      return;
    }
    slots.push({
      id: entry.id,
      kind: entry._type === "Contribution" ? "talk" : "session",
      title: entry.title,
      room: entry.room ?? entry.location ?? "",
      start: iso(entry.startDate),
      end: iso(entry.endDate),
      speakers: (entry.presenters ?? []).map((p) => p.fullName ?? p.name ?? "").filter(Boolean),
      track: entry.track ?? track,
    });
  };
  for (const day of Object.values(days)) for (const entry of Object.values(day)) visit(entry, null);
  return slots.sort((a, b) => a.start.localeCompare(b.start) || a.room.localeCompare(b.room));
}

function checkClashes(slots: Slot[]): string[] {
  const problems: string[] = [];
  const byRoom = new Map<string, Slot[]>();
  for (const s of slots) {
    if (!s.room) continue;
    byRoom.set(s.room, [...(byRoom.get(s.room) ?? []), s]);
  }
  for (const [room, list] of byRoom) {
    for (let i = 1; i < list.length; i++) {
      if (list[i].start < list[i - 1].end) problems.push(`${room}: "${list[i - 1].title}" overlaps "${list[i].title}"`);
    }
  }
  return problems;
}

function roomSchedules(slots: Slot[]): Record<string, Slot[]> {
  // per-room lists for the door displays (one JSON file per room)
  const byRoom: Record<string, Slot[]> = {};
  for (const s of slots) {
    if (!s.room) continue;
    (byRoom[s.room] ??= []).push(s);
  }
  return byRoom;
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-");
}

function writeRoomFiles(outFile: string, slots: Slot[]): number {
  const dir = path.join(path.dirname(outFile), "rooms");
  let written = 0;
  for (const [room, list] of Object.entries(roomSchedules(slots))) {
    if (writeIfChanged(path.join(dir, `${slug(room)}.json`), JSON.stringify({ room, slots: list }, null, 2))) written++;
  }
  return written;
}

function gaps(slots: Slot[]): string[] {
  // long empty stretches in a room during the day often mean a missing timetable entry
  const notes: string[] = [];
  for (const [room, list] of Object.entries(roomSchedules(slots))) {
    for (let i = 1; i < list.length; i++) {
      const gapMin = (Date.parse(list[i].start) - Date.parse(list[i - 1].end)) / 60000;
      if (gapMin > 120 && list[i].start.slice(0, 10) === list[i - 1].end.slice(0, 10)) notes.push(`${room}: ${Math.round(gapMin)} min gap before "${list[i].title}"`);
    }
  }
  return notes;
}

function writeIfChanged(file: string, content: string): boolean {
  const hash = (s: string) => createHash("sha256").update(s).digest("hex");
  if (existsSync(file) && hash(readFileSync(file, "utf8")) === hash(content)) return false;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  writeFileSync(`${file}.tmp`, content);
  renameSync(`${file}.tmp`, file);
  return true;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const ei = argv.indexOf("--event");
  const oi = argv.indexOf("--out");
  if (ei < 0) throw new Error("usage: indico-timetable.ts --event <id> [--out file]");
  const eventId = argv[ei + 1];
  const out = path.resolve(ROOT, oi >= 0 ? argv[oi + 1] : "app/public/timetable.json");
  if (!out.startsWith(ROOT + path.sep)) throw new Error("--out must be inside the repository");
  const slots = flatten(await timetable(eventId));
  for (const c of checkClashes(slots)) console.warn(`warning: ${c}`);
  for (const g of gaps(slots)) console.warn(`note: ${g}`);
  const rooms = [...new Set(slots.map((s) => s.room).filter(Boolean))].sort();
  const content = JSON.stringify({ event: eventId, generated: new Date().toISOString().slice(0, 10), rooms, slots }, null, 2);
  const changed = writeIfChanged(out, content);
  const roomFiles = writeRoomFiles(out, slots);
  if (roomFiles) console.log(`${roomFiles} room file(s) updated`);
  console.log(`${slots.length} slot(s) in ${rooms.length} room(s); ${changed ? "written" : "unchanged"}: ${path.relative(ROOT, out)}`);
}

main().catch((err: Error) => {
  console.error(`indico-timetable: ${err.message}`);
  process.exit(1);
});
