#!/usr/bin/env node
// ghidra-findings.js — turn the CSV/JSON that our Ghidra post-scripts export
// into a findings page for the firmware security review.
//
//   node tools/ghidra-findings.js                 # use existing reports/ghidra/*
//   node tools/ghidra-findings.js --refresh       # re-run analyzeHeadless first
//
// Inputs per binary (written by tools/ghidra/scripts/Export*.java):
//   reports/ghidra/<bin>/functions.csv   name,address,size,cyclomatic,calls
//   reports/ghidra/<bin>/imports.csv     library,symbol
//   reports/ghidra/<bin>/strings.json    [{address, value}]
//
// The "risky" tables below are just the names we grep the imports for —
// strcpy, system, popen etc. are flagged, never called.
//
// --fail-on-new makes the script exit 1 when a finding is not listed in
// reports/ghidra/baseline.json (the triaged, accepted findings), which is how
// the release pipeline uses it.

"use strict";

const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const REPORTS = path.join(ROOT, "reports", "ghidra");
const BINARIES = path.join(ROOT, "build", "firmware", "rootfs");
const GHIDRA_TMP = path.join(ROOT, "build", "ghidra-findings-tmp");

const RISKY_IMPORTS = {
  "unbounded copy": ["strcpy", "strcat", "sprintf", "vsprintf", "gets"],
  "command execution": ["system", "popen", "execl", "execlp", "execve", "execvp"],
  "weak randomness": ["rand", "srand", "random"],
  "format string sink": ["printf", "fprintf", "syslog"],
};
const SECRET_PATTERNS = [
  { label: "private key block", re: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
  { label: "hard-coded password", re: /\b(pass(word)?|pwd)\s*[=:]\s*\S{4,}/i },
  { label: "internal hostname", re: /\b[\w-]+\.(corp|lab|staging)\.internal\b/ },
  { label: "AWS-style key id", re: /\bAKIA[0-9A-Z]{16}\b/ },
];

function parseCsv(file) {
  if (!fs.existsSync(file)) return [];
  const [head, ...lines] = fs.readFileSync(file, "utf8").split(/\r?\n/).filter(Boolean);
  const cols = head.split(",");
  return lines.map((line) => {
    const cells = line.split(",");
    return Object.fromEntries(cols.map((c, i) => [c, cells[i]]));
  });
}

function refresh() {
  const headless = process.env.GHIDRA_INSTALL_DIR
    ? path.join(process.env.GHIDRA_INSTALL_DIR, "support", "analyzeHeadless")
    : "analyzeHeadless";
  const bins = fs.readdirSync(BINARIES).filter((f) => !f.startsWith("."));
  fs.rmSync(GHIDRA_TMP, { recursive: true, force: true });
  fs.mkdirSync(GHIDRA_TMP, { recursive: true });
  try {
    for (const bin of bins) {
      const outDir = path.join(REPORTS, bin);
      fs.mkdirSync(outDir, { recursive: true });
      const args = [
        GHIDRA_TMP, `findings_${bin}`,
        "-import", path.join(BINARIES, bin),
        "-scriptPath", path.join(ROOT, "tools", "ghidra", "scripts"),
        "-postScript", "ExportFunctions.java", outDir,
        "-postScript", "ExportImports.java", outDir,
        "-postScript", "ExportStrings.java", outDir,
        "-deleteProject",
      ];
      console.error(`analyzeHeadless ${bin}`);
      const res = spawnSync(headless, args, { stdio: ["ignore", "ignore", "inherit"], timeout: 30 * 60 * 1000 });
      if (res.status !== 0) console.error(`  ${bin}: analyzeHeadless exited ${res.status ?? res.signal}`);
    }
  } finally {
    fs.rmSync(GHIDRA_TMP, { recursive: true, force: true });
  }
}

function riskyImports(imports) {
  const hits = [];
  for (const [category, names] of Object.entries(RISKY_IMPORTS)) {
    const found = imports.filter((i) => names.includes(i.symbol)).map((i) => i.symbol);
    if (found.length) hits.push({ category, symbols: [...new Set(found)].sort() });
  }
  return hits;
}

function secretStrings(strings) {
  const hits = [];
  for (const s of strings) {
    for (const p of SECRET_PATTERNS) {
      if (p.re.test(s.value)) hits.push({ label: p.label, address: s.address, preview: s.value.slice(0, 60) });
    }
  }
  return hits;
}

function complexity(functions) {
  const parsed = functions.map((f) => ({ ...f, size: Number(f.size), cyclomatic: Number(f.cyclomatic) }));
  const top = [...parsed].sort((a, b) => b.cyclomatic - a.cyclomatic).slice(0, 10);
  const total = parsed.reduce((acc, f) => acc + f.size, 0);
  return { count: parsed.length, bytes: total, top };
}

function analyse(bin) {
  const dir = path.join(REPORTS, bin);
  const functions = parseCsv(path.join(dir, "functions.csv"));
  const imports = parseCsv(path.join(dir, "imports.csv"));
  const stringsFile = path.join(dir, "strings.json");
  const strings = fs.existsSync(stringsFile) ? JSON.parse(fs.readFileSync(stringsFile, "utf8")) : [];
  return {
    bin,
    complexity: complexity(functions),
    risky: riskyImports(imports),
    secrets: secretStrings(strings),
  };
}

function compareToBaseline(results) {
  // reports/ghidra/baseline.json lists findings already triaged as accepted
  const file = path.join(REPORTS, "baseline.json");
  if (!fs.existsSync(file)) return results.map((r) => ({ bin: r.bin, newFindings: r.risky.length + r.secrets.length }));
  const baseline = JSON.parse(fs.readFileSync(file, "utf8"));
  return results.map((r) => {
    const accepted = new Set(baseline[r.bin] ?? []);
    const keys = [
      ...r.risky.flatMap((h) => h.symbols.map((s) => `import:${s}`)),
      ...r.secrets.map((s) => `string:${s.address}`),
    ];
    const fresh = keys.filter((k) => !accepted.has(k));
    return { bin: r.bin, newFindings: fresh.length, keys: fresh };
  });
}

function render(results) {
  const out = [`# Firmware findings (${new Date().toISOString().slice(0, 10)})`, ""];
  for (const r of results) {
    out.push(`## ${r.bin}`, "");
    out.push(`${r.complexity.count} functions, ${r.complexity.bytes} bytes of code.`, "");
    if (r.risky.length) {
      out.push("Risky imports:", "");
      for (const h of r.risky) out.push(`- ${h.category}: ${h.symbols.map((s) => `\`${s}\``).join(", ")}`);
      out.push("");
    }
    if (r.secrets.length) {
      out.push("Strings that look like secrets or internal names:", "");
      for (const s of r.secrets.slice(0, 20)) out.push(`- ${s.label} at ${s.address}: \`${s.preview.replace(/`/g, "'")}\``);
      out.push("");
    }
    out.push("Most complex functions:", "", "| function | address | cyclomatic | size |", "|---|---|---:|---:|");
    for (const f of r.complexity.top) out.push(`| ${f.name} | ${f.address} | ${f.cyclomatic} | ${f.size} |`);
    out.push("");
  }
  return out.join("\n");
}

function main() {
  if (process.argv.includes("--refresh")) refresh();
  if (!fs.existsSync(REPORTS)) {
    console.error("no reports/ghidra yet; run with --refresh or tools/ghidra_batch.py");
    process.exit(1);
  }
  const bins = fs.readdirSync(REPORTS, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const results = bins.map(analyse);
  const file = path.join(REPORTS, "FINDINGS.md");
  fs.writeFileSync(`${file}.tmp`, render(results));
  fs.renameSync(`${file}.tmp`, file);
  const risky = results.reduce((n, r) => n + r.risky.length + r.secrets.length, 0);
  console.log(`${results.length} binaries analysed, ${risky} finding groups -> ${path.relative(ROOT, file)}`);
  const delta = compareToBaseline(results);
  const fresh = delta.filter((d) => d.newFindings > 0);
  for (const d of fresh) console.log(`  ${d.bin}: ${d.newFindings} finding(s) not in baseline.json`);
  if (fresh.length && process.argv.includes("--fail-on-new")) process.exitCode = 1;
}

main();
