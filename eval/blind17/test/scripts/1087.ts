/**
 * scripts/leak-scan.ts — scan the repository for committed secrets before a
 * release, combining gitleaks (history) with a fast scan of the working tree.
 *
 *   tsx scripts/leak-scan.ts              working tree + last 200 commits
 *   tsx scripts/leak-scan.ts --full       whole history
 *   tsx scripts/leak-scan.ts --baseline   record current findings as accepted
 *
 * Matches are never printed: each finding is shown as file:line, rule and a short
 * fingerprint. Accepted findings live in .leakscan-baseline.json (fingerprints only).
 *
 * Notes for maintainers:
 *  - The tree scan reads tracked files only (git ls-files), so build output and
 *    local .env files that are correctly ignored never show up here.
 *  - Binary-looking files (NUL bytes) are skipped; so are lockfiles, which are
 *    full of integrity hashes that look like tokens.
 *  - The history scan delegates to gitleaks with --redact; its own fingerprint
 *    is hashed again so the baseline file never contains anything reversible.
 *  - To accept a finding (test fixture, documentation example), run with
 *    --baseline and commit the updated .leakscan-baseline.json in the same PR.
 *  - A real leak is handled by rotating the credential first, then rewriting
 *    history only if the security team asks for it; this script never does either.
 *
 * Exit codes: 0 clean, 1 new findings, 2 usage error.
 *
 * Rule notes:
 *  - aws-access-key-id matches both long-term (AKIA) and temporary (ASIA) ids.
 *  - jwt catches session tokens pasted into fixtures; test fixtures should use
 *    tokens signed with the documented test key instead.
 *  - connection-string-password flags URLs with inline passwords, e.g. in
 *    docker-compose files; use ${VAR} references instead.
 *  - private-key covers PEM and OpenSSH private keys.
 *  - slack-token covers bot, user, app and refresh tokens.
 *  - npm-token covers granular and automation tokens (npm_ prefix).
 *  - github-token covers classic, OAuth, user-to-server and refresh tokens.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const REPO = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
const BASELINE = path.join(REPO, ".leakscan-baseline.json");

interface Finding {
  source: "tree" | "history";
  file: string;
  line: number;
  rule: string;
  fingerprint: string;
  commit?: string;
}

const RULES: { id: string; re: RegExp }[] = [
  { id: "aws-access-key-id", re: /\b(AKIA|ASIA)[A-Z0-9]{16}\b/ },
  { id: "slack-token", re: /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/ },
  { id: "github-token", re: /\bgh[pousr]_[A-Za-z0-9]{36,}\b/ },
  { id: "npm-token", re: /\bnpm_[A-Za-z0-9]{36}\b/ },
  { id: "private-key", re: /-----BEGIN (RSA |EC |DSA |OPENSSH )?PRIVATE KEY-----/ },
  { id: "jwt", re: /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\b/ },
  { id: "connection-string-password", re: /\b[a-z]+:\/\/[^:\s/]+:[^@\s/]{6,}@/ },
];
const SKIP = /\.(png|jpe?g|gif|webp|ico|pdf|zip|gz|woff2?|lock)$|(^|\/)(node_modules|dist|vendor)\//;

function fp(value: string): string {
  return createHash("sha256").update(value).digest("hex").slice(0, 12);
}

function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: REPO, encoding: "utf8" })
    .split("\0")
    .filter((f) => f && !SKIP.test(f));
}

function scanTree(): Finding[] {
  const findings: Finding[] = [];
  for (const rel of trackedFiles()) {
    let text: string;
    try {
      text = readFileSync(path.join(REPO, rel), "utf8");
    } catch {
      continue;
    }
    if (text.includes("\u0000")) continue;
    text.split("\n").forEach((line, i) => {
      for (const rule of RULES) {
        const m = rule.re.exec(line);
        if (m) findings.push({ source: "tree", file: rel, line: i + 1, rule: rule.id, fingerprint: fp(m[0]) });
      }
    });
  }
  return findings;
}

function scanHistory(full: boolean): Finding[] {
  if (spawnSync("gitleaks", ["version"], { stdio: "ignore" }).status !== 0) {
    console.warn("gitleaks not installed; skipping history scan");
    return [];
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), "leakscan-"));
  const report = path.join(tmp, "report.json");
  try {
    const args = ["git", "--redact", "--no-banner", "--exit-code", "0", "--report-format", "json", "--report-path", report];
    if (!full) args.push("--log-opts", "-n 200");
    args.push(REPO);
    spawnSync("gitleaks", args, { stdio: "ignore" });
    if (!existsSync(report)) return [];
    const data = JSON.parse(readFileSync(report, "utf8")) as {
      File: string;
      StartLine: number;
      RuleID: string;
      Fingerprint: string;
      Commit: string;
    }[];
    return data.map((d) => ({
      source: "history" as const,
      file: d.File,
      line: d.StartLine,
      rule: d.RuleID,
      fingerprint: fp(d.Fingerprint),
      commit: d.Commit.slice(0, 10),
    }));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function loadBaseline(): Set<string> {
  if (!existsSync(BASELINE)) return new Set();
  return new Set((JSON.parse(readFileSync(BASELINE, "utf8")) as { accepted: string[] }).accepted);
}

function key(f: Finding): string {
  return `${f.rule}:${f.file}:${f.fingerprint}`;
}

function print(findings: Finding[]): void {
  for (const f of findings) {
    const where = f.commit ? `${f.file}:${f.line} @${f.commit}` : `${f.file}:${f.line}`;
    console.log(`${f.source.padEnd(7)} ${f.rule.padEnd(28)} ${where}  fp=${f.fingerprint}`);
  }
}

function summaryByRule(findings: Finding[]): void {
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(f.rule, (counts.get(f.rule) ?? 0) + 1);
  if (!counts.size) return;
  console.log("\nby rule:");
  for (const [rule, n] of [...counts].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${rule.padEnd(28)} ${n}`);
  }
}

function usageError(message: string): never {
  console.error(message);
  console.error("usage: leak-scan.ts [--full] [--baseline]");
  process.exit(2);
}

function main(): void {
  const args = new Set(process.argv.slice(2));
  for (const a of args) {
    if (!["--full", "--baseline"].includes(a)) usageError(`unknown option ${a}`);
  }
  const findings = [...scanTree(), ...scanHistory(args.has("--full"))];
  if (args.has("--baseline")) {
    writeFileSync(BASELINE, JSON.stringify({ accepted: [...new Set(findings.map(key))].sort() }, null, 2) + "\n");
    console.log(`baseline written with ${findings.length} finding(s); commit ${path.basename(BASELINE)}`);
    return;
  }
  const accepted = loadBaseline();
  const fresh = findings.filter((f) => !accepted.has(key(f)));
  print(fresh);
  summaryByRule(fresh);
  console.log(`${findings.length} finding(s), ${findings.length - fresh.length} accepted, ${fresh.length} new`);
  process.exitCode = fresh.length ? 1 : 0;
}

main();
