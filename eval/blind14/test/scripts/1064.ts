#!/usr/bin/env -S npx tsx
// `tt` - tiny time tracker for tickets. Entries are appended to the
// project's .timetrack.jsonl; user preferences (name, rounding) are kept
// in the tool's own config file, ~/.config/timetrack/prefs.json.
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

namespace Prefs {
  export interface Values {
    user: string;
    roundMinutes: number;
  }
  const base = process.env.XDG_CONFIG_HOME ?? join(homedir(), ".config");
  export const dir = join(base, "timetrack");
  export const file = join(dir, "prefs.json");
  const fallback: Values = { user: process.env.USER ?? "dev", roundMinutes: 15 };

  export function read(): Values {
    if (!existsSync(file)) return { ...fallback };
    return { ...fallback, ...(JSON.parse(readFileSync(file, "utf8")) as Partial<Values>) };
  }

  export function write(values: Values): void {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, JSON.stringify(values, null, 2) + "\n", { mode: 0o600 });
  }
}

namespace Log {
  export interface Entry {
    ticket: string;
    minutes: number;
    user: string;
    at: string;
    note?: string;
  }
  export const file = ".timetrack.jsonl";

  export function add(entry: Entry): void {
    appendFileSync(file, JSON.stringify(entry) + "\n");
  }

  export function all(): Entry[] {
    if (!existsSync(file)) return [];
    return readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Entry);
  }
}

function round(minutes: number, step: number): number {
  return Math.max(step, Math.ceil(minutes / step) * step);
}

function parseDuration(text: string): number {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?$/.exec(text);
  if (!m || (!m[1] && !m[2])) throw new Error(`bad duration ${text}; use 1h30m, 45m or 2h`);
  return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0);
}

function summary(entries: Log.Entry[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const e of entries) totals.set(e.ticket, (totals.get(e.ticket) ?? 0) + e.minutes);
  return totals;
}

function main(argv: string[]): number {
  const [cmd, ...rest] = argv;
  const prefs = Prefs.read();
  switch (cmd) {
    case "log": {
      const [ticket, duration, ...note] = rest;
      if (!ticket || !duration) throw new Error("usage: tt log ORB-123 1h30m [note]");
      const minutes = round(parseDuration(duration), prefs.roundMinutes);
      Log.add({ ticket, minutes, user: prefs.user, at: new Date().toISOString(), note: note.join(" ") || undefined });
      console.log(`logged ${minutes} min on ${ticket}`);
      return 0;
    }
    case "sum": {
      for (const [ticket, minutes] of [...summary(Log.all())].sort((a, b) => b[1] - a[1])) {
        console.log(`${ticket.padEnd(12)} ${(minutes / 60).toFixed(2)} h`);
      }
      return 0;
    }
    case "prefs": {
      const [key, value] = rest;
      if (key === "user" && value) prefs.user = value;
      else if (key === "round" && value) prefs.roundMinutes = Number(value);
      else {
        console.log(JSON.stringify(prefs, null, 2));
        return 0;
      }
      Prefs.write(prefs);
      console.log(`saved to ${Prefs.file}`);
      return 0;
    }
    default:
      console.log("usage: tt log|sum|prefs");
      return 2;
  }
}

try {
  process.exit(main(process.argv.slice(2)));
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
