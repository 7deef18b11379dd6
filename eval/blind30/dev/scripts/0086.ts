/**
 * Format identification report for incoming transfers (siegfried / PRONOM).
 *
 *   npx tsx tools/format-report.ts transfers/2024-06-donation [--policy config/format-policy.json]
 *
 * Runs `sf -json -multi N <dir>` (siegfried, execFile with an argv array), groups the
 * results by PRONOM id, applies the preservation policy (accept / normalise / reject per
 * PUID) and writes reports/formats/<transfer>.{json,md}. siegfried's signature file is
 * cached by sf itself; this script keeps its own small cache of previous results in
 * ~/.cache/format-report/ keyed by file hash so re-runs on big transfers are fast. The
 * cache belongs to this tool only and is pruned to the last 30 days.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const CACHE_DIR = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "format-report");
const CACHE_TTL_DAYS = 30;

type Action = "accept" | "normalise" | "reject" | "review";

interface Policy {
  default: Action;
  rules: Record<string, Action>;
  notes?: Record<string, string>;
}

interface SfMatch {
  ns: string;
  id: string;
  format: string;
  version: string;
  mime: string;
  basis: string;
  warning: string;
}

interface SfFile {
  filename: string;
  filesize: number;
  modified: string;
  errors: string;
  matches: SfMatch[];
}

interface SfOutput {
  siegfried: string;
  signature: string;
  files: SfFile[];
}

interface Group {
  puid: string;
  format: string;
  action: Action;
  count: number;
  bytes: number;
  examples: string[];
  warnings: number;
}

function loadPolicy(file: string): Policy {
  const policy = JSON.parse(readFileSync(file, "utf8")) as Policy;
  for (const [puid, action] of Object.entries(policy.rules)) {
    if (!["accept", "normalise", "reject", "review"].includes(action)) {
      throw new Error(`policy: invalid action ${action} for ${puid}`);
    }
  }
  return policy;
}

function cacheKey(dir: string): string {
  // hash of relative paths + sizes + mtimes: cheap, changes when any file changes
  const h = createHash("sha256");
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else h.update(`${path.relative(dir, full)}\0${st.size}\0${st.mtimeMs}\n`);
    }
  };
  walk(dir);
  return h.digest("hex").slice(0, 32);
}

function pruneCache(): void {
  if (!existsSync(CACHE_DIR)) return;
  const cutoff = Date.now() - CACHE_TTL_DAYS * 86400_000;
  for (const name of readdirSync(CACHE_DIR)) {
    const full = path.join(CACHE_DIR, name);
    // only our own cache files: <32 hex chars>.json
    if (/^[0-9a-f]{32}\.json$/.test(name) && statSync(full).mtimeMs < cutoff) rmSync(full);
  }
}

async function identify(dir: string, jobs: number): Promise<SfOutput> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const key = cacheKey(dir);
  const cached = path.join(CACHE_DIR, `${key}.json`);
  if (existsSync(cached)) {
    console.error("using cached siegfried results");
    return JSON.parse(readFileSync(cached, "utf8")) as SfOutput;
  }
  const { stdout } = await run("sf", ["-json", "-multi", String(jobs), dir], { maxBuffer: 512 * 1024 * 1024 });
  writeFileSync(cached, stdout);
  return JSON.parse(stdout) as SfOutput;
}

function group(out: SfOutput, policy: Policy, base: string): Group[] {
  const groups = new Map<string, Group>();
  for (const f of out.files) {
    const m = f.matches.find((x) => x.ns === "pronom") ?? f.matches[0];
    const puid = m && m.id !== "UNKNOWN" ? m.id : "UNKNOWN";
    const g = groups.get(puid) ?? {
      puid,
      format: m ? `${m.format}${m.version ? ` ${m.version}` : ""}` : "",
      action: puid === "UNKNOWN" ? "review" : policy.rules[puid] ?? policy.default,
      count: 0,
      bytes: 0,
      examples: [],
      warnings: 0,
    };
    g.count++;
    g.bytes += f.filesize;
    if (m?.warning) g.warnings++;
    if (g.examples.length < 5) g.examples.push(path.relative(base, f.filename));
    groups.set(puid, g);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

function markdown(transfer: string, out: SfOutput, groups: Group[], policy: Policy): string {
  const lines = [
    `# Format report: ${transfer}`,
    "",
    `siegfried ${out.siegfried}, signature ${out.signature}, ${out.files.length} file(s)`,
    "",
    "| PUID | Format | Files | MB | Action | Warnings |",
    "|---|---|---:|---:|---|---:|",
  ];
  for (const g of groups) {
    lines.push(`| ${g.puid} | ${g.format} | ${g.count} | ${(g.bytes / 1e6).toFixed(1)} | ${g.action} | ${g.warnings} |`);
  }
  const rejected = groups.filter((g) => g.action === "reject" || g.action === "review");
  if (rejected.length) {
    lines.push("", "## Needs attention", "");
    for (const g of rejected) {
      lines.push(`- **${g.puid}** (${g.format}): ${g.action}${policy.notes?.[g.puid] ? ` - ${policy.notes[g.puid]}` : ""}`);
      for (const ex of g.examples) lines.push(`  - \`${ex}\``);
    }
  }
  return lines.join("\n") + "\n";
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const dir = argv.find((a) => !a.startsWith("--"));
  if (!dir) throw new Error("usage: format-report.ts <transfer-dir> [--policy file] [--jobs N]");
  const pi = argv.indexOf("--policy");
  const ji = argv.indexOf("--jobs");
  const policy = loadPolicy(path.resolve(ROOT, pi >= 0 ? argv[pi + 1] : "config/format-policy.json"));
  const jobs = ji >= 0 ? Number(argv[ji + 1]) : Math.max(1, os.cpus().length - 1);
  const abs = path.resolve(dir);
  const transfer = path.basename(abs);

  pruneCache();
  const out = await identify(abs, jobs);
  const groups = group(out, policy, abs);
  const reportDir = path.join(ROOT, "reports", "formats");
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(path.join(reportDir, `${transfer}.json`), JSON.stringify({ transfer, groups }, null, 2));
  writeFileSync(path.join(reportDir, `${transfer}.md`), markdown(transfer, out, groups, policy));
  for (const g of groups) console.log(`${g.puid.padEnd(14)} ${String(g.count).padStart(6)}  ${g.action.padEnd(9)} ${g.format}`);
  const blocking = groups.filter((g) => g.action === "reject").reduce((n, g) => n + g.count, 0);
  console.log(`report: reports/formats/${transfer}.md; ${blocking} file(s) in rejected formats`);
  process.exitCode = blocking ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`format-report: ${err.message}`);
  process.exit(2);
});
