/**
 * oscap-diff.ts - turn OpenSCAP XCCDF result files into a readable diff
 * between two scans (e.g. before and after applying the hardening role).
 *
 *   npx tsx tools/oscap-diff.ts reports/oscap/before.xml reports/oscap/after.xml
 *   npx tsx tools/oscap-diff.ts --scan reports/oscap/now.xml   # run oscap first
 *
 * --scan runs `oscap xccdf eval` with the datastream from compliance/ssg and
 * the standard profile, writing results into reports/oscap/ (no --remediate,
 * nothing on the system is changed).  The XML is parsed with a small
 * streaming regex parser to avoid a heavy dependency.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const SSG = path.join(ROOT, "compliance", "ssg");
const PROFILE = process.env.OSCAP_PROFILE ?? "xccdf_org.ssgproject.content_profile_standard";

type Outcome = "pass" | "fail" | "error" | "unknown" | "notapplicable" | "notchecked" | "notselected" | "informational" | "fixed";

interface RuleResult {
  id: string;
  result: Outcome;
  severity: string;
}

interface Scan {
  file: string;
  target: string;
  started: string;
  score: number | null;
  rules: Map<string, RuleResult>;
}

function pickDatastream(): string {
  const files = existsSync(SSG) ? readdirSync(SSG).filter((f) => f.endsWith("-ds.xml")) : [];
  if (!files.length) throw new Error("no SSG datastream in compliance/ssg");
  const osRelease = existsSync("/etc/os-release") ? readFileSync("/etc/os-release", "utf8") : "";
  const id = /^ID=(.*)$/m.exec(osRelease)?.[1]?.replace(/"/g, "") ?? "";
  const match = files.find((f) => f.includes(id));
  return path.join(SSG, match ?? files[0]);
}

async function runScan(out: string): Promise<void> {
  mkdirSync(path.dirname(out), { recursive: true, mode: 0o755 });
  const ds = pickDatastream();
  console.log(`oscap xccdf eval --profile ${PROFILE} ${path.relative(ROOT, ds)}`);
  try {
    await execFileP("oscap", ["xccdf", "eval", "--profile", PROFILE, "--results", out, ds], { maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    // oscap exits 2 when some rules fail; that is a normal scan result
    const code = (err as { code?: number }).code;
    if (code !== 2) throw err;
  }
}

// Attribute lookup inside one start tag; namespaces prefixes are ignored.
function attr(tag: string, name: string): string | undefined {
  return new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
}

function parse(file: string): Scan {
  const xml = readFileSync(file, "utf8");
  const testResult = /<(?:\w+:)?TestResult\b[^>]*>/.exec(xml)?.[0] ?? "";
  const target = /<(?:\w+:)?target>([^<]*)</.exec(xml)?.[1] ?? "?";
  const scoreText = /<(?:\w+:)?score[^>]*>([\d.]+)</.exec(xml)?.[1];
  const rules = new Map<string, RuleResult>();
  const re = /<(?:\w+:)?rule-result\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?rule-result>/g;
  for (const m of xml.matchAll(re)) {
    const id = attr(m[1], "idref");
    const result = /<(?:\w+:)?result>([^<]*)</.exec(m[2])?.[1] as Outcome | undefined;
    if (!id || !result) continue;
    rules.set(id, { id, result, severity: attr(m[1], "severity") ?? "unknown" });
  }
  return {
    file,
    target,
    started: attr(testResult, "start-time") ?? "?",
    score: scoreText ? Number(scoreText) : null,
    rules,
  };
}

// SSG rule ids are long; the short form matches the names in the hardening docs.
function shortId(id: string): string {
  return id.replace(/^xccdf_org\.ssgproject\.content_rule_/, "");
}

interface Change {
  rule: string;
  severity: string;
  before: Outcome | "absent";
  after: Outcome | "absent";
}

function diff(a: Scan, b: Scan): Change[] {
  const ids = new Set([...a.rules.keys(), ...b.rules.keys()]);
  const changes: Change[] = [];
  for (const id of ids) {
    const before = a.rules.get(id)?.result ?? "absent";
    const after = b.rules.get(id)?.result ?? "absent";
    if (before !== after) {
      changes.push({ rule: shortId(id), severity: b.rules.get(id)?.severity ?? a.rules.get(id)?.severity ?? "unknown", before, after });
    }
  }
  const order: Record<string, number> = { high: 0, medium: 1, low: 2, unknown: 3 };
  return changes.sort((x, y) => (order[x.severity] ?? 9) - (order[y.severity] ?? 9) || x.rule.localeCompare(y.rule));
}

function counts(scan: Scan): Record<string, number> {
  const c: Record<string, number> = {};
  for (const r of scan.rules.values()) c[r.result] = (c[r.result] ?? 0) + 1;
  return c;
}

/** Rules still failing in the newer scan, grouped by severity, for the to-do list. */
function openFailures(scan: Scan): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const r of scan.rules.values()) {
    if (r.result !== "fail") continue;
    (out[r.severity] ??= []).push(shortId(r.id));
  }
  for (const list of Object.values(out)) list.sort();
  return out;
}

function failuresMarkdown(failures: Record<string, string[]>): string[] {
  const lines = ["", "## Still failing", ""];
  for (const sev of ["high", "medium", "low", "unknown"]) {
    const list = failures[sev];
    if (!list?.length) continue;
    lines.push(`### ${sev} (${list.length})`, "", ...list.map((r) => `- ${r}`), "");
  }
  return lines;
}

function markdown(a: Scan, b: Scan, changes: Change[]): string {
  const fixed = changes.filter((c) => c.before === "fail" && c.after === "pass").length;
  const regressed = changes.filter((c) => c.before === "pass" && c.after === "fail").length;
  const lines = [
    `# OpenSCAP comparison (${a.target})`, "",
    `- before: ${path.basename(a.file)} (${a.started}), score ${a.score ?? "?"}`,
    `- after: ${path.basename(b.file)} (${b.started}), score ${b.score ?? "?"}`,
    `- fixed: ${fixed}, regressed: ${regressed}, other changes: ${changes.length - fixed - regressed}`, "",
    "| rule | severity | before | after |", "|---|---|---|---|",
    ...changes.map((c) => `| ${c.rule} | ${c.severity} | ${c.before} | ${c.after} |`),
    ...failuresMarkdown(openFailures(b)),
  ];
  return lines.join("\n") + "\n";
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === "--scan") {
    const out = args[1] ?? path.join(ROOT, "reports", "oscap", `scan-${Date.now()}.xml`);
    await runScan(out);
    const scan = parse(out);
    console.log(`score ${scan.score ?? "?"}; ${JSON.stringify(counts(scan))}`);
    return;
  }
  if (args.length !== 2) throw new Error("usage: oscap-diff.ts BEFORE.xml AFTER.xml | --scan [OUT.xml]");
  const [a, b] = args.map(parse);
  const changes = diff(a, b);
  const out = path.join(ROOT, "reports", "oscap", "diff.md");
  mkdirSync(path.dirname(out), { recursive: true, mode: 0o755 });
  writeFileSync(out, markdown(a, b, changes));
  console.log(`before ${JSON.stringify(counts(a))}`);
  console.log(`after  ${JSON.stringify(counts(b))}`);
  console.log(`${changes.length} changed rule(s); report ${path.relative(ROOT, out)}`);
  if (changes.some((c) => c.before === "pass" && c.after === "fail")) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`oscap-diff: ${err.message}`);
  process.exitCode = 2;
});
