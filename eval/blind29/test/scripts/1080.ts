#!/usr/bin/env -S npx tsx
// Reconcile sent X12 interchanges with the 997 functional acknowledgements
// returned by trading partners.
//
//   npx tsx edi/reconcile-997.ts                         # all partners, last 14 days
//   npx tsx edi/reconcile-997.ts --partner globex --days 3 --json
//
// Sent interchanges: archive/<partner>/**/*.x12 (written by the send job).
// Acknowledgements: inbound/<partner>/997/*.x12 (sorted there by edi-pull).
// For every sent functional group (GS06 control number) the script finds the
// matching AK1 in a 997 and reports: accepted (AK9*A), accepted with errors
// (E), partially accepted (P), rejected (R), or missing after the partner's
// SLA (config/partners/<partner>.conf: ack_sla_hours, default 24).
// Offline: only local files are read; a report is written to build/.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

type AckStatus = "A" | "E" | "P" | "R" | "missing" | "pending";

interface SentGroup {
  partner: string;
  file: string;
  sentAt: Date;
  groupControl: string;
  functionalId: string;
  sets: string[];
}

interface Ack {
  groupControl: string;
  status: AckStatus;
  setErrors: { control: string; code: string }[];
  file: string;
}

const ROOT = path.resolve(__dirname, "..");

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(full));
    else if (e.name.toLowerCase().endsWith(".x12")) out.push(full);
  }
  return out;
}

function segments(text: string): string[][] {
  const elementSep = text[3] ?? "*";
  const segTerm = text.length > 105 ? text[105] : "~";
  return text
    .split(segTerm)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => s.split(elementSep));
}

function parseSent(partner: string, file: string): SentGroup[] {
  const segs = segments(readFileSync(file, "latin1"));
  const groups: SentGroup[] = [];
  let current: SentGroup | null = null;
  for (const s of segs) {
    if (s[0] === "GS") {
      current = { partner, file, sentAt: statSync(file).mtime, groupControl: s[6], functionalId: s[1], sets: [] };
      groups.push(current);
    } else if (s[0] === "ST" && current) {
      current.sets.push(s[2]);
    }
  }
  return groups;
}

function parseAcks(file: string): Ack[] {
  const segs = segments(readFileSync(file, "latin1"));
  const acks: Ack[] = [];
  let current: Ack | null = null;
  let currentSet = "";
  for (const s of segs) {
    switch (s[0]) {
      case "AK1":
        current = { groupControl: s[2], status: "pending", setErrors: [], file };
        acks.push(current);
        break;
      case "AK2":
        currentSet = s[2];
        break;
      case "AK5":
        if (current && s[1] !== "A") current.setErrors.push({ control: currentSet, code: s[2] ?? s[1] });
        break;
      case "AK9":
        if (current) current.status = (["A", "E", "P", "R"].includes(s[1]) ? s[1] : "pending") as AckStatus;
        break;
      default:
        break;
    }
  }
  return acks;
}

function slaHours(partner: string): number {
  const conf = path.join(ROOT, "config", "partners", `${partner}.conf`);
  if (!existsSync(conf)) return 24;
  const m = /^\s*ack_sla_hours\s*=\s*(\d+)/m.exec(readFileSync(conf, "utf8"));
  return m ? Number(m[1]) : 24;
}

function partners(only?: string): string[] {
  if (only) return [only];
  const dir = path.join(ROOT, "archive");
  return existsSync(dir) ? readdirSync(dir).filter((d) => statSync(path.join(dir, d)).isDirectory()) : [];
}

function reconcile(partner: string, days: number) {
  const since = Date.now() - days * 86_400_000;
  const sent = walk(path.join(ROOT, "archive", partner))
    .filter((f) => statSync(f).mtimeMs >= since)
    .flatMap((f) => parseSent(partner, f));
  const acks = new Map<string, Ack>();
  for (const f of walk(path.join(ROOT, "inbound", partner, "997"))) {
    for (const a of parseAcks(f)) acks.set(a.groupControl, a);
  }
  const sla = slaHours(partner) * 3_600_000;
  return sent.map((g) => {
    const ack = acks.get(g.groupControl);
    let status: AckStatus = ack?.status ?? "pending";
    if (!ack && Date.now() - g.sentAt.getTime() > sla) status = "missing";
    return {
      partner,
      group: g.groupControl,
      type: g.functionalId,
      sets: g.sets.length,
      sent: g.sentAt.toISOString(),
      file: path.relative(ROOT, g.file),
      status,
      errors: ack?.setErrors ?? [],
      ackFile: ack ? path.relative(ROOT, ack.file) : null,
    };
  });
}

// human-readable meaning of the most common AK5 error codes
const AK5_CODES: Record<string, string> = {
  "1": "transaction set not supported",
  "2": "trailer missing",
  "3": "control number mismatch",
  "4": "segment count mismatch",
  "5": "one or more segments in error",
};

function describeErrors(errors: { control: string; code: string }[]): string[] {
  return errors.map((e) => `set ${e.control}: ${AK5_CODES[e.code] ?? `error ${e.code}`}`);
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const val = (k: string) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : undefined);
  const days = Number(val("--days") ?? 14);
  const rows = partners(val("--partner")).flatMap((p) => reconcile(p, days));

  const bad = rows.filter((r) => ["R", "P", "E", "missing"].includes(r.status));
  if (argv.includes("--json")) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    const counts = rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    console.log(`${rows.length} functional group(s) sent in the last ${days} day(s):`, counts);
    for (const r of bad) {
      console.log(`  ${r.partner.padEnd(10)} GS ${r.group.padEnd(9)} ${r.type} ${r.status.padEnd(7)} ${r.file}`);
      for (const line of describeErrors(r.errors)) console.log(`      ${line}`);
    }
  }
  await mkdir(path.resolve(ROOT, "build"), { recursive: true });
  await writeFile(path.join(ROOT, "build", "997-reconciliation.json"), JSON.stringify(rows, null, 1));
  return bad.length ? 1 : 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[997] ${e.message}`);
    process.exit(1);
  },
);
