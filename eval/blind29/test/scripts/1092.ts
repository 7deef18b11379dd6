#!/usr/bin/env -S npx tsx
// Check MuseScore scores for engraving problems before the parts go to print.
//
//   npx tsx tools/score-check.ts                       # every scores/*.mscz
//   npx tsx tools/score-check.ts scores/quartet.mscz --json
//
// A .mscz file is a ZIP archive containing the .mscx XML; it is unpacked with
// the system `unzip -p` into memory (no temp files) and inspected for:
//   * parts missing for an instrument, or parts with an empty title
//   * measures whose actual duration differs from the time signature
//     (irregular measures not marked as pickup)
//   * instruments with notes outside their playable range (config/ranges.json)
//   * rehearsal marks that are not strictly increasing (A, B, C …)
//   * missing composer / title metadata
// Nothing is changed in the score files.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

type Issue = { score: string; kind: string; where: string; message: string };

const ROOT = path.resolve(__dirname, "..");
const NOTE_NAMES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"];

function mscx(file: string): string {
  const list = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).split("\n");
  const inner = list.find((n) => n.endsWith(".mscx") && !n.includes("/"));
  if (!inner) throw new Error("no .mscx inside the archive");
  return execFileSync("unzip", ["-p", file, inner], { encoding: "utf8", maxBuffer: 256 << 20 });
}

// instruments without a configured range are reported once so the config
// can be completed; the check itself just skips them
const warnedInstruments = new Set<string>();

function warnMissingRange(instrument: string, limits: Record<string, [number, number]>): void {
  if (!instrument || limits[instrument] || warnedInstruments.has(instrument)) return;
  warnedInstruments.add(instrument);
  console.error(`[score-check] no range configured for "${instrument}" (config/ranges.json)`);
}

function ranges(): Record<string, [number, number]> {
  const f = path.join(ROOT, "config", "ranges.json");
  return existsSync(f) ? JSON.parse(readFileSync(f, "utf8")) : {};
}

function pitchName(p: number): string {
  return `${NOTE_NAMES[p % 12]}${Math.floor(p / 12) - 1}`;
}

function fraction(s: string): number {
  const [n, d] = s.split("/").map(Number);
  return d ? n / d : Number(s);
}

const DURATIONS: Record<string, number> = { whole: 1, half: 0.5, quarter: 0.25, eighth: 0.125, "16th": 0.0625, "32nd": 0.03125, "64th": 0.015625 };

function metaTag(xml: string, name: string): string {
  return new RegExp(`<metaTag name="${name}">([^<]*)</metaTag>`).exec(xml)?.[1]?.trim() ?? "";
}

function checkScore(file: string, limits: Record<string, [number, number]>): Issue[] {
  const rel = path.relative(ROOT, file);
  const issues: Issue[] = [];
  const push = (kind: string, where: string, message: string) => issues.push({ score: rel, kind, where, message });
  let xml: string;
  try {
    xml = mscx(file);
  } catch (err) {
    push("archive", "-", (err as Error).message);
    return issues;
  }

  if (!metaTag(xml, "workTitle")) push("metadata", "score", "workTitle is empty");
  if (!metaTag(xml, "composer")) push("metadata", "score", "composer is empty");

  const parts = [...xml.matchAll(/<Part\b[\s\S]*?<trackName>([^<]*)<\/trackName>[\s\S]*?<instrumentId>([^<]*)<\/instrumentId>/g)];
  parts.forEach((p, i) => {
    if (!p[1].trim()) push("parts", `part ${i + 1}`, "part without name");
  });
  const excerpts = (xml.match(/<Score>/g) ?? []).length - 1;
  if (parts.length > 1 && excerpts < parts.length) push("parts", "score", `${parts.length} instruments but only ${Math.max(excerpts, 0)} generated part(s)`);

  const staves = [...xml.matchAll(/<Staff id="(\d+)">([\s\S]*?)<\/Staff>/g)];
  for (const [, staffId, body] of staves) {
    const instrument = parts[Number(staffId) - 1]?.[2] ?? "";
    const limit = limits[instrument];
    warnMissingRange(instrument, limits);
    let sig = 1;
    let measureNo = 0;
    let lastMark = "";
    for (const m of body.matchAll(/<Measure([^>]*)>([\s\S]*?)<\/Measure>/g)) {
      measureNo++;
      const attrs = m[1];
      const content = m[2];
      const ts = /<TimeSig>[\s\S]*?<sigN>(\d+)<\/sigN>[\s\S]*?<sigD>(\d+)<\/sigD>/.exec(content);
      if (ts) sig = Number(ts[1]) / Number(ts[2]);
      const actual = /len="([^"]+)"/.exec(attrs)?.[1];
      const firstVoice = /<voice>([\s\S]*?)<\/voice>/.exec(content)?.[1] ?? "";
      let total = 0;
      for (const d of firstVoice.matchAll(/<(?:Chord|Rest)>[\s\S]*?<durationType>([^<]+)<\/durationType>(?:[\s\S]*?<dots>(\d)<\/dots>)?/g)) {
        const base = d[1] === "measure" ? sig : DURATIONS[d[1]] ?? 0;
        const dots = Number(d[2] ?? 0);
        total += base * (2 - 1 / 2 ** dots);
      }
      if (!actual && total > 0 && Math.abs(total - sig) > 1e-6 && measureNo > 1) {
        push("rhythm", `staff ${staffId} m.${measureNo}`, `content ${total.toFixed(3)} ≠ time signature ${sig.toFixed(3)}`);
      }
      if (actual && measureNo > 1) push("rhythm", `staff ${staffId} m.${measureNo}`, `irregular measure (len=${actual}, ${fraction(actual).toFixed(3)}) not at the start`);
      if (limit) {
        for (const p of content.matchAll(/<pitch>(\d+)<\/pitch>/g)) {
          const pitch = Number(p[1]);
          if (pitch < limit[0] || pitch > limit[1]) {
            push("range", `staff ${staffId} m.${measureNo}`, `${pitchName(pitch)} outside ${instrument} range ${pitchName(limit[0])}–${pitchName(limit[1])}`);
          }
        }
      }
      const mark = /<RehearsalMark>[\s\S]*?<text>([^<]+)<\/text>/.exec(content)?.[1]?.trim();
      if (mark && staffId === "1") {
        if (lastMark && mark.localeCompare(lastMark, undefined, { numeric: true }) <= 0) push("marks", `m.${measureNo}`, `rehearsal mark ${mark} after ${lastMark}`);
        lastMark = mark;
      }
    }
  }
  return issues;
}

// HTML report for the librarian who prepares the print run
function htmlReport(issues: Issue[], files: string[]): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const byScore = new Map<string, Issue[]>();
  for (const i of issues) byScore.set(i.score, [...(byScore.get(i.score) ?? []), i]);
  const sections = files.map((f) => {
    const rel = path.relative(ROOT, f);
    const list = byScore.get(rel) ?? [];
    const rows = list.map((i) => `<tr><td>${esc(i.kind)}</td><td>${esc(i.where)}</td><td>${esc(i.message)}</td></tr>`).join("\n");
    return `<h2>${esc(rel)} – ${list.length ? `${list.length} issue(s)` : "ok"}</h2>${list.length ? `<table><tr><th>kind</th><th>where</th><th>message</th></tr>${rows}</table>` : ""}`;
  });
  return [
    "<!doctype html>",
    '<html lang="en"><meta charset="utf-8"><title>Score check</title>',
    "<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}</style>",
    `<h1>Score check ${new Date().toISOString().slice(0, 10)}</h1>`,
    ...sections,
    "</html>",
  ].join("\n");
}

function printSummary(issues: Issue[]): void {
  const worst = new Map<string, number>();
  for (const i of issues) worst.set(i.score, (worst.get(i.score) ?? 0) + 1);
  const top = [...worst.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
  if (top.length) {
    console.error("[score-check] most issues:");
    for (const [s, n] of top) console.error(`  ${s}: ${n}`);
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const given = argv.filter((a) => a.endsWith(".mscz")).map((a) => path.resolve(a));
  const files = given.length ? given : readdirSync(path.join(ROOT, "scores")).filter((f) => f.endsWith(".mscz")).map((f) => path.join(ROOT, "scores", f));
  const limits = ranges();
  const issues = files.flatMap((f) => checkScore(f, limits));
  if (argv.includes("--json")) {
    console.log(JSON.stringify(issues, null, 2));
  } else {
    for (const i of issues) console.log(`${i.score}  ${i.kind.padEnd(9)} ${i.where.padEnd(18)} ${i.message}`);
  }
  const byKind = issues.reduce<Record<string, number>>((acc, i) => ({ ...acc, [i.kind]: (acc[i.kind] ?? 0) + 1 }), {});
  console.error(`[score-check] ${files.length} score(s), ${issues.length} issue(s)`, byKind);
  await mkdir(path.resolve(ROOT, "build"), { recursive: true });
  await writeFile(path.join(ROOT, "build", "score-check.json"), JSON.stringify(issues, null, 1));
  await writeFile(path.join(ROOT, "build", "score-check.html"), htmlReport(issues, files) + "\n");
  printSummary(issues);
  return issues.some((i) => i.kind !== "metadata") ? 1 : 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[score-check] ${e.message}`);
    process.exit(1);
  },
);
