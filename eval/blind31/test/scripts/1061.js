#!/usr/bin/env node
// foam-forces-report.js — turn OpenFOAM forceCoeffs / residual output of the
// cases under cases/ into Vega-Lite chart specs and a summary table for the
// project's results page (site/results/).
//
//   node tools/foam-forces-report.js                 # all cases with postProcessing output
//   node tools/foam-forces-report.js airfoil wing3d  # selected cases
//   node tools/foam-forces-report.js --window 200    # average over the last 200 iterations
//
// Read-only with respect to the cases: it only reads postProcessing/*/*.dat
// and log.* files, and writes JSON into site/results/ (regenerated each run;
// the previous output directory is removed first, and only that directory).

"use strict";

const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const CASES = path.join(ROOT, "cases");
const SITE_OUT = path.join(ROOT, "site", "results");

function cli(argv) {
  const opts = { cases: [], window: 100, maxPoints: 2000 };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === "--window") opts.window = Number(argv[++i]);
    else if (argv[i] === "--max-points") opts.maxPoints = Number(argv[++i]);
    else opts.cases.push(argv[i]);
  }
  if (!(opts.window > 0)) throw new Error("--window must be positive");
  return opts;
}

function listCases(selected) {
  const all = fs.readdirSync(CASES, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(CASES, d.name, "postProcessing")))
    .map((d) => d.name)
    .sort();
  if (!selected.length) return all;
  const missing = selected.filter((c) => !all.includes(c));
  if (missing.length) throw new Error(`no postProcessing output for: ${missing.join(", ")}`);
  return selected;
}

function newestDat(dir, pattern) {
  if (!fs.existsSync(dir)) return null;
  const times = fs.readdirSync(dir).filter((t) => /^[\d.eE+-]+$/.test(t)).sort((a, b) => Number(a) - Number(b));
  for (const t of times.reverse()) {
    const hit = fs.readdirSync(path.join(dir, t)).find((f) => pattern.test(f));
    if (hit) return path.join(dir, t, hit);
  }
  return null;
}

function readTable(file) {
  let header = null;
  const rows = [];
  for (const line of fs.readFileSync(file, "utf8").split(/\r\n|\n/)) {
    if (line.startsWith("#")) {
      const cols = line.replace(/^#\s*/, "").split(/\t|\s{2,}/).map((s) => s.trim()).filter(Boolean);
      if (cols[0] === "Time") header = cols;
      continue;
    }
    const cells = line.trim().split(/\s+/).map(Number);
    if (cells.length > 1 && cells.every(Number.isFinite)) rows.push(cells);
  }
  if (!header) throw new Error(`${path.relative(ROOT, file)}: no column header`);
  return { header, rows };
}

function thin(rows, maxPoints) {
  if (rows.length <= maxPoints) return rows;
  const step = Math.ceil(rows.length / maxPoints);
  return rows.filter((_, i) => i % step === 0 || i === rows.length - 1);
}

function tailMean(values, window) {
  const tail = values.slice(-window);
  const mean = tail.reduce((a, b) => a + b, 0) / tail.length;
  const sd = Math.sqrt(tail.reduce((a, b) => a + (b - mean) ** 2, 0) / tail.length);
  return { mean, sd };
}

function chartSpec(caseName, table, columns, maxPoints) {
  const idx = Object.fromEntries(table.header.map((h, i) => [h, i]));
  const values = [];
  for (const row of thin(table.rows, maxPoints)) {
    for (const c of columns) if (c in idx) values.push({ iteration: row[idx.Time], coefficient: c, value: row[idx[c]] });
  }
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: `${caseName}: force coefficients`,
    width: 640,
    height: 280,
    data: { values },
    mark: { type: "line", strokeWidth: 1.2 },
    encoding: {
      x: { field: "iteration", type: "quantitative" },
      y: { field: "value", type: "quantitative", scale: { zero: false } },
      color: { field: "coefficient", type: "nominal" },
    },
  };
}

function finalResiduals(caseDir) {
  const logs = fs.readdirSync(caseDir).filter((f) => f.startsWith("log.") && /Foam$/.test(f));
  if (!logs.length) return {};
  const text = fs.readFileSync(path.join(caseDir, logs.sort().pop()), "utf8");
  const last = {};
  for (const m of text.matchAll(/Solving for (\w+), Initial residual = ([\d.eE+-]+)/g)) last[m[1]] = Number(m[2]);
  return last;
}

function processCase(name, opts) {
  const dir = path.join(CASES, name);
  const file = newestDat(path.join(dir, "postProcessing", "forceCoeffs"), /^coefficient.*\.dat$/);
  if (!file) return { name, skipped: "no forceCoeffs output" };
  const table = readTable(file);
  const idx = Object.fromEntries(table.header.map((h, i) => [h, i]));
  const summary = { name, iterations: table.rows.length };
  for (const c of ["Cd", "Cl", "CmPitch"]) {
    if (!(c in idx)) continue;
    const { mean, sd } = tailMean(table.rows.map((r) => r[idx[c]]), opts.window);
    summary[c] = Number(mean.toPrecision(5));
    summary[`${c}_sd`] = Number(sd.toPrecision(3));
  }
  summary.converged = ["Cd", "Cl"].every((c) => !(c in summary) || Math.abs(summary[`${c}_sd`] / (summary[c] || 1)) < 0.005);
  summary.residuals = finalResiduals(dir);
  const spec = chartSpec(name, table, ["Cd", "Cl", "CmPitch"], opts.maxPoints);
  return { summary, spec };
}

function residualSpec(caseName, residuals) {
  // small bar chart of the final initial residuals (log scale)
  const values = Object.entries(residuals).map(([field, value]) => ({ field, value }));
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: `${caseName}: final residuals`,
    data: { values },
    mark: "bar",
    encoding: {
      x: { field: "field", type: "nominal", sort: "-y" },
      y: { field: "value", type: "quantitative", scale: { type: "log" } },
    },
  };
}

function resetOutput() {
  const rel = path.relative(ROOT, SITE_OUT);
  if (rel !== path.join("site", "results")) throw new Error(`unexpected output dir ${SITE_OUT}`);
  fs.rmSync(SITE_OUT, { recursive: true, force: true });
  fs.mkdirSync(SITE_OUT, { recursive: true });
}

function main() {
  const opts = cli(process.argv.slice(2));
  const cases = listCases(opts.cases);
  if (!cases.length) throw new Error("no cases with postProcessing output");
  resetOutput();
  const table = [];
  for (const name of cases) {
    const result = processCase(name, opts);
    if (result.skipped) {
      console.log(`skip ${name}: ${result.skipped}`);
      continue;
    }
    fs.writeFileSync(path.join(SITE_OUT, `${name}.vl.json`), JSON.stringify(result.spec));
    if (Object.keys(result.summary.residuals).length) {
      fs.writeFileSync(path.join(SITE_OUT, `${name}.residuals.vl.json`), JSON.stringify(residualSpec(name, result.summary.residuals)));
    }
    table.push(result.summary);
    const s = result.summary;
    console.log(`${name.padEnd(16)} Cd=${s.Cd ?? "-"} Cl=${s.Cl ?? "-"} ${s.converged ? "converged" : "NOT converged"}`);
  }
  fs.writeFileSync(path.join(SITE_OUT, "summary.json"), JSON.stringify(table, null, 2));
  console.log(`${table.length} case(s) -> ${path.relative(ROOT, SITE_OUT)}`);
  if (table.some((s) => !s.converged)) process.exitCode = 1;
}

try {
  main();
} catch (err) {
  console.error(`foam-forces-report: ${err.message}`);
  process.exitCode = 2;
}
