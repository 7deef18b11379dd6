#!/usr/bin/env -S npx tsx
/**
 * gramps-stats.ts — statistics over Gramps XML exports (.gramps, gzipped XML)
 * of the test fixtures, used to keep fixture sizes and shapes stable.
 *
 * For each tests/fixtures/gramps/*.gramps file it reports:
 *   people, families, events, places, sources
 *   generations (longest parent→child chain)
 *   people without birth event, families without children
 *   surname distribution (top 10)
 * and compares with tests/fixtures/gramps/stats.json (--update rewrites it).
 *
 * Parsing uses a small streaming tokenizer on the decompressed XML so that the
 * large fixture (≈40k people) does not need a DOM.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";

const ROOT = resolve(__dirname, "..");
const DIR = join(ROOT, "tests", "fixtures", "gramps");
const BASELINE = join(DIR, "stats.json");

interface Stats {
  people: number;
  families: number;
  events: number;
  places: number;
  sources: number;
  generations: number;
  noBirth: number;
  childless: number;
  topSurnames: [string, number][];
}

interface Person {
  handle: string;
  surname: string;
  hasBirth: boolean;
  parentFamilies: string[];
}

interface Family {
  handle: string;
  parents: string[];
  children: string[];
}

const TAG = /<(\/?)([a-z_]+)([^>]*?)(\/?)>/g;
const ATTR = /([a-z_]+)="([^"]*)"/g;

function attrs(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of raw.matchAll(ATTR)) out[m[1]] = m[2];
  return out;
}

function readXml(file: string): string {
  const buf = readFileSync(file);
  const isGzip = buf[0] === 0x1f && buf[1] === 0x8b;
  return (isGzip ? gunzipSync(buf) : buf).toString("utf8");
}

function collect(xml: string): { people: Map<string, Person>; families: Map<string, Family>; counts: Record<string, number> } {
  const people = new Map<string, Person>();
  const families = new Map<string, Family>();
  const counts: Record<string, number> = { event: 0, placeobj: 0, source: 0 };
  const birthEvents = new Set<string>();
  const personEvents = new Map<string, string[]>();
  let person: Person | null = null;
  let family: Family | null = null;
  let inSurname = false;
  let currentEvent: string | null = null;
  let inEventType = false;

  let last = 0;
  for (const m of xml.matchAll(TAG)) {
    const text = xml.slice(last, m.index).trim();
    last = (m.index ?? 0) + m[0].length;
    const [, closing, name, rawAttrs, selfClosing] = m;
    if (inSurname && text && person) person.surname = text;
    if (inEventType && text && currentEvent && text === "Birth") birthEvents.add(currentEvent);
    const a = attrs(rawAttrs);
    if (!closing) {
      if (name in counts) counts[name] += 1;
      switch (name) {
        case "person":
          person = { handle: a.handle, surname: "", hasBirth: false, parentFamilies: [] };
          personEvents.set(a.handle, []);
          break;
        case "family":
          family = { handle: a.handle, parents: [], children: [] };
          break;
        case "surname":
          inSurname = !selfClosing;
          break;
        case "event":
          currentEvent = a.handle ?? null;
          break;
        case "type":
          inEventType = currentEvent !== null && !selfClosing;
          break;
        case "eventref":
          if (person && a.hlink) personEvents.get(person.handle)!.push(a.hlink);
          break;
        case "childof":
          if (person && a.hlink) person.parentFamilies.push(a.hlink);
          break;
        case "father":
        case "mother":
          if (family && a.hlink) family.parents.push(a.hlink);
          break;
        case "childref":
          if (family && a.hlink) family.children.push(a.hlink);
          break;
        default:
          break;
      }
    } else {
      if (name === "person" && person) {
        people.set(person.handle, person);
        person = null;
      } else if (name === "family" && family) {
        families.set(family.handle, family);
        family = null;
      } else if (name === "surname") inSurname = false;
      else if (name === "type") inEventType = false;
      else if (name === "event") currentEvent = null;
    }
  }
  for (const [handle, refs] of personEvents) {
    const p = people.get(handle);
    if (p) p.hasBirth = refs.some((r) => birthEvents.has(r));
  }
  return { people, families, counts };
}

function generations(people: Map<string, Person>, families: Map<string, Family>): number {
  const memo = new Map<string, number>();
  const depth = (handle: string, guard: Set<string>): number => {
    if (memo.has(handle)) return memo.get(handle)!;
    if (guard.has(handle)) return 0;
    guard.add(handle);
    const p = people.get(handle);
    let best = 1;
    for (const famHandle of p?.parentFamilies ?? []) {
      for (const parent of families.get(famHandle)?.parents ?? []) best = Math.max(best, 1 + depth(parent, guard));
    }
    guard.delete(handle);
    memo.set(handle, best);
    return best;
  };
  let max = 0;
  for (const h of people.keys()) max = Math.max(max, depth(h, new Set()));
  return max;
}

function stats(file: string): Stats {
  const { people, families, counts } = collect(readXml(file));
  const surnames = new Map<string, number>();
  for (const p of people.values()) surnames.set(p.surname || "(none)", (surnames.get(p.surname || "(none)") ?? 0) + 1);
  return {
    people: people.size,
    families: families.size,
    events: counts.event,
    places: counts.placeobj,
    sources: counts.source,
    generations: generations(people, families),
    noBirth: [...people.values()].filter((p) => !p.hasBirth).length,
    childless: [...families.values()].filter((f) => f.children.length === 0).length,
    topSurnames: [...surnames.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10),
  };
}

function main(): number {
  const update = process.argv.includes("--update");
  const files = readdirSync(DIR).filter((f) => f.endsWith(".gramps")).sort();
  const baseline: Record<string, Stats> = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, "utf8")) : {};
  const current: Record<string, Stats> = {};
  let drift = 0;
  for (const f of files) {
    const s = stats(join(DIR, f));
    current[basename(f)] = s;
    const b = baseline[basename(f)];
    const changed = b
      ? (["people", "families", "events", "places", "sources", "generations", "noBirth", "childless"] as const).filter((k) => b[k] !== s[k])
      : ["(new)"];
    if (changed.length) drift += 1;
    console.log(
      `${f.padEnd(28)} people=${s.people} families=${s.families} events=${s.events} gens=${s.generations} ` +
        `noBirth=${s.noBirth} childless=${s.childless}${changed.length ? `  changed: ${changed.join(", ")}` : ""}`,
    );
  }
  if (update) {
    writeFileSync(BASELINE, `${JSON.stringify(current, null, 2)}\n`);
    console.log(`baseline updated (${files.length} fixture(s))`);
    return 0;
  }
  return drift ? 1 : 0;
}

process.exitCode = main();
