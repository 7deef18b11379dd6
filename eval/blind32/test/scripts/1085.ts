/**
 * audit-watch-report.ts - summarise the auditd events of the project's watch
 * rules (keys "billing-config", "billing-secrets", "deploy-keys") for the
 * weekly security review.
 *
 * Runs `sudo ausearch -k <key> -ts <since> --format csv` for each key.  ausearch
 * only reads the audit log; no rules are added or removed here (the rules
 * are managed by the ansible role).  Events are grouped by user, executable
 * and file, and compared with an allow-list of expected accessors from
 * security/audit-expected.yaml.  Output: reports/audit/<date>.md.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const EXPECTED_FILE = path.join(ROOT, "security", "audit-expected.yaml");
const OUT_DIR = path.join(ROOT, "reports", "audit");
const KEYS = ["billing-config", "billing-secrets", "deploy-keys"] as const;

type Key = (typeof KEYS)[number];

interface AuditEvent {
  key: Key;
  time: string;
  user: string;
  exe: string;
  file: string;
  action: string;
  success: boolean;
}

interface Expected {
  [key: string]: { users?: string[]; executables?: string[] };
}

function parseCsv(text: string): Record<string, string>[] {
  const lines = text.trim().split("\n").filter(Boolean);
  if (lines.length < 2) return [];
  const header = lines[0].split(",").map((h) => h.trim());
  return lines.slice(1).map((line) => {
    const cols: string[] = [];
    let cur = "";
    let quoted = false;
    for (const ch of line) {
      if (ch === '"') quoted = !quoted;
      else if (ch === "," && !quoted) {
        cols.push(cur);
        cur = "";
      } else cur += ch;
    }
    cols.push(cur);
    return Object.fromEntries(header.map((h, i) => [h, cols[i] ?? ""]));
  });
}

async function search(key: Key, since: string): Promise<AuditEvent[]> {
  let stdout = "";
  try {
    ({ stdout } = await execFileP("sudo", ["-n", "ausearch", "-k", key, "-ts", since, "--format", "csv", "-i"], {
      maxBuffer: 64 * 1024 * 1024,
    }));
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    // ausearch exits 1 when nothing matches
    if (e.code === 1 && !e.stderr) return [];
    if (/a password is required/.test(e.stderr ?? "")) throw new Error("sudo needs a password; run `sudo -v` first");
    throw err;
  }
  return parseCsv(stdout).map((r) => ({
    key,
    time: `${r.DATE ?? ""} ${r.TIME ?? ""}`.trim(),
    user: r.SUBJ_PRIME || r.SUBJ_SEC || "?",
    exe: r.HOW || "?",
    file: r.OBJ_PRIME || "?",
    action: r.ACTION || r.EVENT || "?",
    success: (r.RESULT || "success") === "success",
  }));
}

function loadExpected(): Expected {
  if (!existsSync(EXPECTED_FILE)) return {};
  return (parse(readFileSync(EXPECTED_FILE, "utf8")) ?? {}) as Expected;
}

function unexpected(events: AuditEvent[], expected: Expected): AuditEvent[] {
  return events.filter((e) => {
    const rule = expected[e.key];
    if (!rule) return true;
    const userOk = !rule.users || rule.users.includes(e.user);
    const exeOk = !rule.executables || rule.executables.some((x) => e.exe.endsWith(x));
    return !(userOk && exeOk);
  });
}

function groupBy<T>(items: T[], keyOf: (t: T) => string): [string, number][] {
  const m = new Map<string, number>();
  for (const i of items) m.set(keyOf(i), (m.get(keyOf(i)) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1]);
}

/**
 * Make sure the watch rules this report relies on are actually loaded;
 * `auditctl -l` only lists rules, it changes nothing.
 */
async function loadedKeys(): Promise<Set<string>> {
  try {
    const { stdout } = await execFileP("sudo", ["-n", "auditctl", "-l"]);
    const keys = new Set<string>();
    for (const m of stdout.matchAll(/-k (\S+)/g)) keys.add(m[1]);
    for (const m of stdout.matchAll(/key=(\S+)/g)) keys.add(m[1]);
    return keys;
  } catch {
    return new Set();
  }
}

/** Busiest hours, to spot automated access (cron jobs, agents) quickly. */
function hourHistogram(events: AuditEvent[]): string[] {
  const hours = new Array<number>(24).fill(0);
  for (const e of events) {
    const m = /(\d{2}):\d{2}:\d{2}/.exec(e.time);
    if (m) hours[Number(m[1])]++;
  }
  const max = Math.max(1, ...hours);
  return hours.map((n, h) => `${String(h).padStart(2, "0")}h ${"#".repeat(Math.round((n / max) * 30))} ${n || ""}`.trimEnd());
}

function previousReport(): string | null {
  const yesterday = new Date(Date.now() - 7 * 86400_000).toISOString().slice(0, 10);
  const file = path.join(OUT_DIR, `${yesterday}.md`);
  return existsSync(file) ? file : null;
}

function markdown(events: AuditEvent[], odd: AuditEvent[], since: string): string {
  const lines = [`# Audit watch report (since ${since})`, "", `${events.length} event(s), ${odd.length} unexpected`, ""];
  for (const key of KEYS) {
    const evs = events.filter((e) => e.key === key);
    lines.push(`## ${key} (${evs.length})`, "");
    if (!evs.length) {
      lines.push("- no events", "");
      continue;
    }
    lines.push("| user | executable | count |", "|---|---|---:|");
    for (const [k, n] of groupBy(evs, (e) => `${e.user} | ${e.exe}`).slice(0, 15)) lines.push(`| ${k} | ${n} |`);
    const failed = evs.filter((e) => !e.success).length;
    if (failed) lines.push("", `${failed} failed access attempt(s)`);
    lines.push("");
  }
  if (odd.length) {
    lines.push("## Unexpected accesses", "", "| time | key | user | executable | file |", "|---|---|---|---|---|");
    for (const e of odd.slice(0, 100)) lines.push(`| ${e.time} | ${e.key} | ${e.user} | ${e.exe} | ${e.file} |`);
  }
  return lines.join("\n") + "\n";
}

async function main(): Promise<void> {
  const since = process.argv[2] ?? "week-ago";
  if (!/^(recent|today|yesterday|this-week|week-ago|this-month|\d{2}\/\d{2}\/\d{4})$/.test(since)) {
    throw new Error(`unsupported start time ${since}`);
  }
  const loaded = await loadedKeys();
  for (const key of KEYS) if (loaded.size && !loaded.has(key)) console.warn(`watch rule with key ${key} is not loaded`);
  const events: AuditEvent[] = [];
  for (const key of KEYS) {
    const found = await search(key, since);
    events.push(...found);
    console.log(`${key.padEnd(18)} ${found.length} event(s)`);
  }
  const odd = unexpected(events, loadExpected());
  mkdirSync(OUT_DIR, { recursive: true });
  const out = path.join(OUT_DIR, `${new Date().toISOString().slice(0, 10)}.md`);
  writeFileSync(out, markdown(events, odd, since));
  for (const line of hourHistogram(events)) console.log(line);
  const prev = previousReport();
  if (prev) console.log(`previous weekly report: ${path.relative(ROOT, prev)}`);
  console.log(`${odd.length} unexpected event(s); report ${path.relative(ROOT, out)}`);
  if (odd.length) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`audit-watch-report: ${err.message}`);
  process.exitCode = 2;
});
