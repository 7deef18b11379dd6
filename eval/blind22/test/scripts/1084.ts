#!/usr/bin/env -S npx tsx
/**
 * tools/licence-audit.ts
 *
 * Licence and provenance audit for a ledger release:
 *
 *   1. `reuse lint --json`          every source file has SPDX headers
 *   2. `scancode` on third_party/   detected licences and copyright holders
 *   3. `syft` SBOM of the repo      licences of dependencies
 *   4. policy check against licence-policy.json (allow / review / deny lists)
 *
 * Copyright statements from scancode can contain personal email addresses;
 * they are reduced to the name part before the report is written. The full
 * scancode JSON stays in a temp dir that is deleted afterwards.
 *
 * Output: reports/licence-audit.md (+ .json). Exit 1 on any denied licence.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..");
const POLICY = path.join(REPO, "licence-policy.json");
const OUT = path.join(REPO, "reports");

interface Policy {
  allow: string[];
  review: string[];
  deny: string[];
}

type Verdict = "allow" | "review" | "deny" | "unknown";

interface Finding {
  source: "reuse" | "scancode" | "sbom";
  subject: string;
  licence: string;
  verdict: Verdict;
  note?: string;
}

function run(cmd: string, args: string[], okCodes = [0]): string | null {
  try {
    return execFileSync(cmd, args, { cwd: REPO, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"] });
  } catch (err) {
    const e = err as { code?: string; status?: number; stdout?: string };
    if (e.code === "ENOENT") {
      console.log(`skipping ${cmd}: not installed`);
      return null;
    }
    if (e.status !== undefined && okCodes.includes(e.status)) return e.stdout ?? "";
    throw err;
  }
}

function verdict(policy: Policy, expr: string): Verdict {
  const ids = expr.split(/\s+(?:AND|OR|WITH)\s+|[()]/).map((s) => s.trim()).filter(Boolean);
  if (!ids.length) return "unknown";
  if (ids.some((id) => policy.deny.includes(id))) return "deny";
  if (ids.every((id) => policy.allow.includes(id))) return "allow";
  if (ids.some((id) => policy.review.includes(id) || policy.allow.includes(id))) return "review";
  return "unknown";
}

function stripEmails(holder: string): string {
  return holder.replace(/<[^>]*@[^>]*>/g, "").replace(/\S+@\S+/g, "").replace(/\s{2,}/g, " ").trim();
}

function reuse(): Finding[] {
  const out = run("reuse", ["lint", "--json"], [0, 1]);
  if (out === null) return [];
  const data = JSON.parse(out) as { files: Array<{ path: string; spdx_expressions?: Array<{ value: string }>; copyrights?: unknown[] }> };
  return data.files
    .filter((f) => !f.spdx_expressions?.length || !f.copyrights?.length)
    .map((f) => ({
      source: "reuse" as const,
      subject: f.path,
      licence: f.spdx_expressions?.[0]?.value ?? "NOASSERTION",
      verdict: "review" as Verdict,
      note: !f.spdx_expressions?.length ? "missing licence header" : "missing copyright header",
    }));
}

function scancode(policy: Policy): Finding[] {
  if (!fs.existsSync(path.join(REPO, "third_party"))) return [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "scancode-"));
  try {
    const report = path.join(tmp, "scan.json");
    if (run("scancode", ["-clp", "--json", report, "--quiet", "-n", String(Math.max(1, os.cpus().length - 1)), "third_party/"]) === null) return [];
    const data = JSON.parse(fs.readFileSync(report, "utf8")) as {
      files: Array<{ path: string; type: string; detected_license_expression_spdx?: string; holders?: Array<{ holder: string }> }>;
    };
    return data.files
      .filter((f) => f.type === "file" && f.detected_license_expression_spdx)
      .map((f) => ({
        source: "scancode" as const,
        subject: f.path,
        licence: f.detected_license_expression_spdx!,
        verdict: verdict(policy, f.detected_license_expression_spdx!),
        note: (f.holders ?? []).map((h) => stripEmails(h.holder)).filter(Boolean).slice(0, 3).join("; ") || undefined,
      }));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function sbom(policy: Policy): Finding[] {
  const out = run("syft", ["dir:.", "-o", "json", "--quiet", "--exclude", "./third_party/**"]);
  if (out === null) return [];
  const data = JSON.parse(out) as { artifacts: Array<{ name: string; version: string; licenses?: Array<{ value: string; spdxExpression?: string }> }> };
  return data.artifacts.map((a) => {
    const expr = a.licenses?.map((l) => l.spdxExpression || l.value).filter(Boolean).join(" OR ") || "NOASSERTION";
    return { source: "sbom" as const, subject: `${a.name}@${a.version}`, licence: expr, verdict: verdict(policy, expr) };
  });
}

/**
 * NOTICE file for the release bundle: one section per third-party component
 * with an allowed licence, using the holders (emails already stripped).
 */
function writeNotice(findings: Finding[]): void {
  const byComponent = new Map<string, { licences: Set<string>; holders: Set<string> }>();
  for (const f of findings.filter((x) => x.source === "scancode" && x.verdict === "allow")) {
    const component = f.subject.split("/").slice(0, 2).join("/");
    const entry = byComponent.get(component) ?? { licences: new Set<string>(), holders: new Set<string>() };
    entry.licences.add(f.licence);
    for (const h of (f.note ?? "").split("; ").filter(Boolean)) entry.holders.add(h);
    byComponent.set(component, entry);
  }
  const parts = ["This product includes third-party software:", ""];
  for (const [component, e] of [...byComponent.entries()].sort()) {
    parts.push(`* ${component} (${[...e.licences].join(", ")})`);
    for (const h of [...e.holders].slice(0, 5)) parts.push(`    Copyright ${h}`);
  }
  fs.writeFileSync(path.join(OUT, "NOTICE.third-party"), parts.join("\n") + "\n");
}

/** Compare with the previous audit to highlight newly introduced licences. */
function newSinceLast(findings: Finding[]): string[] {
  const prevFile = path.join(OUT, "licence-audit.json");
  if (!fs.existsSync(prevFile)) return [];
  const prev = JSON.parse(fs.readFileSync(prevFile, "utf8")) as Finding[];
  const seen = new Set(prev.map((f) => `${f.subject}|${f.licence}`));
  return findings
    .filter((f) => f.source !== "reuse" && !seen.has(`${f.subject}|${f.licence}`))
    .map((f) => `${f.subject}: ${f.licence} (${f.verdict})`);
}

function render(findings: Finding[]): string {
  const count = (v: Verdict) => findings.filter((f) => f.verdict === v).length;
  const lines = [
    `# Licence audit (${new Date().toISOString().slice(0, 10)})`,
    "",
    `allow ${count("allow")} · review ${count("review")} · deny ${count("deny")} · unknown ${count("unknown")}`,
    "",
    "| verdict | source | subject | licence | note |",
    "|---|---|---|---|---|",
  ];
  const order: Verdict[] = ["deny", "unknown", "review"];
  for (const v of order) {
    for (const f of findings.filter((x) => x.verdict === v).slice(0, 150)) {
      lines.push(`| ${v} | ${f.source} | ${f.subject} | ${f.licence} | ${f.note ?? ""} |`);
    }
  }
  return lines.join("\n") + "\n";
}

function main(): void {
  const policy = JSON.parse(fs.readFileSync(POLICY, "utf8")) as Policy;
  const findings = [...reuse(), ...scancode(policy), ...sbom(policy)];
  fs.mkdirSync(OUT, { recursive: true });
  const fresh = newSinceLast(findings);
  if (fresh.length) console.log(`new since last audit:\n  ${fresh.slice(0, 20).join("\n  ")}`);
  writeNotice(findings);
  fs.writeFileSync(path.join(OUT, "licence-audit.md"), render(findings));
  fs.writeFileSync(path.join(OUT, "licence-audit.json"), JSON.stringify(findings, null, 2));
  const denied = findings.filter((f) => f.verdict === "deny");
  console.log(`${findings.length} finding(s); ${denied.length} denied; report in reports/licence-audit.md`);
  for (const d of denied.slice(0, 20)) console.log(`  DENY ${d.subject}: ${d.licence}`);
  process.exitCode = denied.length ? 1 : 0;
}

try {
  main();
} catch (e) {
  console.error(`licence-audit: ${(e as Error).message}`);
  process.exit(2);
}
