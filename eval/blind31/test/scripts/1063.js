#!/usr/bin/env node
// epub-a11y.js — accessibility gate for the EPUB build: runs DAISY Ace
// (installed as a dev dependency, node_modules/.bin/ace) on every EPUB in
// build/ebook/, checks the accessibility metadata in the OPF, and fails the
// build on new violations compared with a committed baseline.
//
//   node tools/epub-a11y.js
//   node tools/epub-a11y.js --update-baseline
//
// Ace launches a headless Chromium of its own; we give it a temporary
// output directory per book (removed afterwards unless --keep) and copy only
// report.json into build/a11y/<book>.json.
//
// Also written: build/a11y/SUMMARY.md (one row per book) for the PR comment.
// The gate fails on (a) violations not in tools/a11y-baseline.json and
// (b) missing schema.org accessibility metadata in the OPF. Image alt text
// is counted separately because Ace reports it per page, not per book.
//
// Exit codes: 0 pass, 1 gate failed, 2 tooling error.

"use strict";

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const JSZip = require("jszip");

const ROOT = path.resolve(__dirname, "..");
const EPUB_DIR = path.join(ROOT, "build", "ebook");
const REPORT_DIR = path.join(ROOT, "build", "a11y");
const BASELINE = path.join(ROOT, "tools", "a11y-baseline.json");
const ACE = path.join(ROOT, "node_modules", ".bin", process.platform === "win32" ? "ace.cmd" : "ace");
const REQUIRED_META = ["schema:accessMode", "schema:accessibilityFeature", "schema:accessibilityHazard", "schema:accessibilitySummary"];
const TIMEOUT_MS = 10 * 60 * 1000;

const flags = new Set(process.argv.slice(2).map(String));

function runAce(epub, outdir) {
  return new Promise((resolve, reject) => {
    const child = spawn(ACE, ["--outdir", outdir, "--force", "--silent", epub], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`ace timed out on ${path.basename(epub)}`));
    }, TIMEOUT_MS);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err.code === "ENOENT" ? new Error("ace not installed; run npm ci") : err);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      // ace exits 1 when it finds violations; the report is still written
      if (code === 0 || code === 1) resolve();
      else reject(new Error(`ace exited ${code}: ${stderr.slice(-500)}`));
    });
  });
}

function violationsOf(report) {
  const out = [];
  for (const assertion of report.assertions ?? []) {
    for (const test of assertion.assertions ?? []) {
      if (test["earl:result"]?.["earl:outcome"] !== "fail") continue;
      out.push({
        rule: test["earl:test"]?.["dct:title"] ?? "unknown",
        impact: test["earl:test"]?.["earl:impact"] ?? "unknown",
        file: assertion["earl:testSubject"]?.url ?? "",
      });
    }
  }
  return out;
}

async function opfMetadata(epub) {
  const zip = await JSZip.loadAsync(fs.readFileSync(epub));
  const container = await zip.file("META-INF/container.xml")?.async("string");
  const opfPath = container?.match(/full-path="([^"]+)"/)?.[1];
  if (!opfPath) return { missing: REQUIRED_META, conformsTo: null };
  const opf = await zip.file(opfPath).async("string");
  const missing = REQUIRED_META.filter((p) => !opf.includes(`property="${p}"`));
  const conformsTo = opf.match(/<link[^>]+rel="dcterms:conformsTo"[^>]+href="([^"]+)"/)?.[1]
    ?? opf.match(/property="dcterms:conformsTo">([^<]+)</)?.[1] ?? null;
  return { missing, conformsTo };
}

function key(v) {
  return `${v.rule}|${v.file.replace(/#.*$/, "")}`;
}

function loadBaseline() {
  if (!fs.existsSync(BASELINE)) return {};
  return JSON.parse(fs.readFileSync(BASELINE, "utf8"));
}

async function checkBook(epub, baseline) {
  const name = path.basename(epub, ".epub");
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `ace-${name}-`));
  try {
    await runAce(epub, tmp);
    const report = JSON.parse(fs.readFileSync(path.join(tmp, "report.json"), "utf8"));
    fs.copyFileSync(path.join(tmp, "report.json"), path.join(REPORT_DIR, `${name}.json`));
    const violations = violationsOf(report);
    const known = new Set(baseline[name] ?? []);
    const fresh = violations.filter((v) => !known.has(key(v)));
    const meta = await opfMetadata(epub);
    return { name, violations, fresh, meta };
  } finally {
    if (!flags.has("--keep")) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function imageAltText(epub) {
  // Ace reports missing alt text per page; this counts it per book for the summary
  const zip = await JSZip.loadAsync(fs.readFileSync(epub));
  let images = 0;
  let missing = 0;
  const decorative = [];
  for (const name of Object.keys(zip.files)) {
    if (!/\.x?html$/.test(name)) continue;
    const html = await zip.file(name).async("string");
    for (const m of html.matchAll(/<img\b[^>]*>/g)) {
      images += 1;
      const alt = /\balt="([^"]*)"/.exec(m[0]);
      if (!alt) missing += 1;
      else if (alt[1] === "") decorative.push(name);
    }
  }
  return { images, missing, decorative: decorative.length };
}

function writeSummaryMarkdown(results) {
  const lines = ["| book | violations | new | missing OPF metadata | images without alt |", "|---|---:|---:|---|---:|"];
  for (const r of results) {
    lines.push(`| ${r.name} | ${r.violations.length} | ${r.fresh.length} | ${r.meta.missing.join(", ") || "—"} | ${r.alt?.missing ?? "?"} |`);
  }
  fs.writeFileSync(path.join(REPORT_DIR, "SUMMARY.md"), lines.join("\n") + "\n");
}

function printResult(r) {
  const bySeverity = r.violations.reduce((acc, v) => ((acc[v.impact] = (acc[v.impact] ?? 0) + 1), acc), {});
  const sev = Object.entries(bySeverity).map(([k, n]) => `${k} ${n}`).join(", ") || "none";
  console.log(`${r.name}: ${r.violations.length} violations (${sev}), ${r.fresh.length} new`);
  for (const v of r.fresh.slice(0, 15)) console.log(`  NEW [${v.impact}] ${v.rule} — ${v.file}`);
  if (r.meta.missing.length) console.log(`  OPF lacks: ${r.meta.missing.join(", ")}`);
  console.log(`  conformsTo: ${r.meta.conformsTo ?? "(not declared)"}`);
}

async function main() {
  const epubs = fs.existsSync(EPUB_DIR) ? fs.readdirSync(EPUB_DIR).filter((f) => f.endsWith(".epub")) : [];
  if (!epubs.length) throw new Error("no EPUBs in build/ebook; run the book build first");
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const baseline = loadBaseline();
  const results = [];
  for (const f of epubs) {
    const r = await checkBook(path.join(EPUB_DIR, f), baseline);
    r.alt = await imageAltText(path.join(EPUB_DIR, f));
    printResult(r);
    console.log(`  images: ${r.alt.images}, without alt: ${r.alt.missing}, decorative: ${r.alt.decorative}`);
    results.push(r);
  }
  writeSummaryMarkdown(results);
  if (flags.has("--update-baseline")) {
    const next = Object.fromEntries(results.map((r) => [r.name, [...new Set(r.violations.map(key))].sort()]));
    fs.writeFileSync(BASELINE, JSON.stringify(next, null, 2) + "\n");
    console.log(`baseline updated: ${path.relative(ROOT, BASELINE)}`);
    return;
  }
  const failing = results.filter((r) => r.fresh.length || r.meta.missing.length);
  if (failing.length) {
    console.log(`${failing.length} book(s) fail the accessibility gate`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(`epub-a11y: ${err.message}`);
  process.exitCode = 2;
});
