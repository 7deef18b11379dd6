#!/usr/bin/env -S npx tsx
// Export the berth schedule as CSV and iCalendar where the harbour office syncs them.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

type Visit = { vessel: string; berth: string; arrives: string; departs: string };

const visits = JSON.parse(readFileSync("var/schedule.json", "utf8")) as Visit[];
const outDirs = [
  path.join(homedir(), "Documents", "Harbour Office"),
  path.join(homedir(), "Library", "Calendars", "harbor-import"),
];

const csv = ["vessel,berth,arrives,departs", ...visits.map((v) => [v.vessel, v.berth, v.arrives, v.departs].join(","))].join("\n");
const stamp = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
const ics = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  ...visits.flatMap((v) => ["BEGIN:VEVENT", `SUMMARY:${v.vessel} @ ${v.berth}`, `DTSTART:${stamp(v.arrives)}`, `DTEND:${stamp(v.departs)}`, "END:VEVENT"]),
  "END:VCALENDAR",
].join("\r\n");

for (const dir of outDirs) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "berths.csv"), csv + "\n");
  writeFileSync(path.join(dir, "berths.ics"), ics + "\r\n");
  console.log(`wrote schedule to ${dir}`);
}
