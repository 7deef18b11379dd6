#!/usr/bin/env -S npx tsx
/**
 * octave-matlab-parity.ts — run the numerical reference cases under both GNU
 * Octave and MATLAB and compare the results, so the toolbox keeps working on
 * both.
 *
 *   npx tsx tools/octave-matlab-parity.ts                  # all cases in parity/cases.json
 *   npx tsx tools/octave-matlab-parity.ts --only fft_window
 *   npx tsx tools/octave-matlab-parity.ts --octave-only    # no MATLAB licence on this machine
 *
 * Each case names a function in src/ and an input file in parity/inputs/.
 * The runner generates a small driver .m file per case into a temp dir (from
 * a fixed template; the function and file names are validated identifiers),
 * runs it with `octave-cli --eval` and `matlab -batch`, and each driver
 * writes its output as JSON (jsonencode) into the temp dir. Results are
 * compared element-wise with the case's tolerance. The temp dir is removed
 * at the end; results land in build/parity/.
 *
 * parity/cases.json example:
 *
 *   [
 *     { "name": "fft_window", "fn": "vk_fft_window", "input": "noise_4096.mat", "rtol": 1e-10, "atol": 1e-12 },
 *     { "name": "iir_design", "fn": "vk_iir_design", "input": "spec_lowpass.mat", "rtol": 1e-8, "atol": 1e-10 }
 *   ]
 *
 * Verdicts: ok, MISMATCH (values differ beyond tolerance), ERROR (an engine
 * failed or produced no output). Exit code 1 when any case is not ok.
 *
 * Requirements: octave-cli 8+ (jsonencode), MATLAB R2021a+ for the MATLAB
 * side. Each engine has a 10-minute limit per case; a hung engine process is
 * terminated (it is our own child process).
 *
 * Inputs in parity/inputs/*.mat must contain a variable `x`.
 * Save them with `save -v7 file.mat x` so both engines can read them.
 * Outputs are flattened to row vectors before comparison.
 */

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const CASES_FILE = path.join(ROOT, "parity", "cases.json");
const INPUTS = path.join(ROOT, "parity", "inputs");
const OUT = path.join(ROOT, "build", "parity");
const IDENT = /^[A-Za-z][A-Za-z0-9_]*$/;
const TIMEOUT_MS = 10 * 60 * 1000;

interface ParityCase {
  name: string;
  fn: string;
  input: string;
  rtol: number;
  atol: number;
}

type Engine = "octave" | "matlab";

interface EngineResult {
  engine: Engine;
  ok: boolean;
  values?: number[];
  error?: string;
  seconds: number;
}

function loadCases(only?: string): ParityCase[] {
  const cases = JSON.parse(readFileSync(CASES_FILE, "utf8")) as ParityCase[];
  for (const c of cases) {
    if (!IDENT.test(c.name) || !IDENT.test(c.fn)) throw new Error(`case ${c.name}: names must be identifiers`);
    if (!/^[A-Za-z0-9_.-]+\.mat$/.test(c.input) || !existsSync(path.join(INPUTS, c.input))) {
      throw new Error(`case ${c.name}: input ${c.input} missing`);
    }
  }
  return only ? cases.filter((c) => c.name === only) : cases;
}

function driver(c: ParityCase, outFile: string): string {
  const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
  return [
    `addpath(${q(path.join(ROOT, "src"))});`,
    `S = load(${q(path.join(INPUTS, c.input))});`,
    `y = ${c.fn}(S.x);`,
    "y = double(y(:))';",
    `fid = fopen(${q(outFile)}, 'w'); fprintf(fid, '%s', jsonencode(y)); fclose(fid);`,
  ].join("\n");
}

function runEngine(engine: Engine, script: string, cwd: string): Promise<{ code: number | null; stderr: string }> {
  const argv = engine === "octave"
    ? ["octave-cli", "--no-gui", "--norc", "--quiet", "--eval", `run('${script.replace(/'/g, "''")}')`]
    : ["matlab", "-batch", `run('${script.replace(/'/g, "''")}')`];
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), { cwd, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-3000)));
    const timer = setTimeout(() => child.kill("SIGTERM"), TIMEOUT_MS);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

async function evaluate(engine: Engine, c: ParityCase, tmp: string): Promise<EngineResult> {
  const outFile = path.join(tmp, `${c.name}.${engine}.json`);
  const script = path.join(tmp, `drv_${c.name}_${engine}.m`);
  writeFileSync(script, driver(c, outFile));
  const started = Date.now();
  try {
    const { code, stderr } = await runEngine(engine, script, tmp);
    const seconds = (Date.now() - started) / 1000;
    if (code !== 0 || !existsSync(outFile)) return { engine, ok: false, error: stderr.trim().split("\n").pop(), seconds };
    const parsed = JSON.parse(readFileSync(outFile, "utf8"));
    return { engine, ok: true, values: Array.isArray(parsed) ? parsed : [parsed], seconds };
  } catch (err) {
    return { engine, ok: false, error: (err as Error).message, seconds: (Date.now() - started) / 1000 };
  }
}

function compare(a: number[], b: number[], rtol: number, atol: number): { ok: boolean; maxAbs: number; worst: number } {
  if (a.length !== b.length) return { ok: false, maxAbs: Infinity, worst: -1 };
  let maxAbs = 0;
  let worst = -1;
  for (let i = 0; i < a.length; i += 1) {
    const diff = Math.abs(a[i] - b[i]);
    if (diff > maxAbs) {
      maxAbs = diff;
      worst = i;
    }
    if (diff > atol + rtol * Math.abs(b[i])) return { ok: false, maxAbs: diff, worst: i };
  }
  return { ok: true, maxAbs, worst };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const only = argv.includes("--only") ? argv[argv.indexOf("--only") + 1] : undefined;
  const engines: Engine[] = argv.includes("--octave-only") ? ["octave"] : ["octave", "matlab"];
  const cases = loadCases(only);
  if (!cases.length) throw new Error("no cases selected");
  mkdirSync(OUT, { recursive: true });
  const tmp = mkdtempSync(path.join(os.tmpdir(), "parity-"));
  const summary: Record<string, unknown>[] = [];
  let failures = 0;
  try {
    for (const c of cases) {
      const results = await Promise.all(engines.map((e) => evaluate(e, c, tmp)));
      const [oct, mat] = results;
      let verdict = "ok";
      let detail = "";
      if (results.some((r) => !r.ok)) {
        verdict = "ERROR";
        detail = results.filter((r) => !r.ok).map((r) => `${r.engine}: ${r.error}`).join("; ");
      } else if (mat) {
        const cmp = compare(oct.values!, mat.values!, c.rtol, c.atol);
        verdict = cmp.ok ? "ok" : "MISMATCH";
        detail = `max |Δ| ${cmp.maxAbs.toExponential(2)}${cmp.ok ? "" : ` at index ${cmp.worst}`}`;
      }
      if (verdict !== "ok") failures += 1;
      console.log(`${verdict.padEnd(8)} ${c.name.padEnd(24)} ${results.map((r) => `${r.engine} ${r.seconds.toFixed(1)}s`).join(", ")}  ${detail}`);
      summary.push({ case: c.name, verdict, detail, timings: Object.fromEntries(results.map((r) => [r.engine, r.seconds])) });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  writeFileSync(path.join(OUT, "summary.json"), JSON.stringify(summary, null, 2));
  console.log(`${cases.length - failures}/${cases.length} cases agree; summary in ${path.relative(ROOT, OUT)}`);
  process.exitCode = failures ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`octave-matlab-parity: ${err.message}`);
  process.exitCode = 2;
});
