#!/usr/bin/env -S npx tsx
// fea-check.ts — mesh the bracket variants with gmsh, solve them with
// CalculiX (ccx) and check displacement / stress limits from fea.config.json.
//
//   npx tsx tools/fea-check.ts                # every case in fea.config.json
//   npx tsx tools/fea-check.ts --case bracket-a --keep
//
// Per case the working directory build/fea/<case>/ is recreated from scratch:
// geometry from geo/<case>.geo, the load deck from fea/<case>.inp (it
// *INCLUDEs the mesh file we generate). ccx runs with a wall-clock limit; on
// timeout we kill the ccx process we spawned (and only that one).

import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const CONFIG = path.join(ROOT, "fea.config.json");
const WORK = path.join(ROOT, "build", "fea");

interface CaseSpec {
  name: string;
  meshSize: number;
  order: 1 | 2;
  limits: { maxDisplacementMm: number; maxVonMisesMPa: number };
  timeoutS?: number;
}

interface Outcome {
  name: string;
  ok: boolean;
  maxDisp?: number;
  maxStress?: number;
  seconds: number;
  note?: string;
}

function loadConfig(): CaseSpec[] {
  const cfg = JSON.parse(readFileSync(CONFIG, "utf8")) as { cases: CaseSpec[] };
  for (const c of cfg.cases) {
    if (!/^[a-z0-9-]+$/.test(c.name)) throw new Error(`bad case name ${c.name}`);
    if (!existsSync(path.join(ROOT, "geo", `${c.name}.geo`))) throw new Error(`geo/${c.name}.geo missing`);
    if (!existsSync(path.join(ROOT, "fea", `${c.name}.inp`))) throw new Error(`fea/${c.name}.inp missing`);
  }
  return cfg.cases;
}

function runTool(cmd: string, args: string[], cwd: string, timeoutS: number, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      setTimeout(() => child.exitCode === null && child.kill("SIGKILL"), 5000).unref();
      reject(new Error(`${cmd} timed out after ${timeoutS}s`));
    }, timeoutS * 1000);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} exited ${code}: ${(err || out).split("\n").slice(-8).join(" ")}`));
    });
  });
}

async function freshDir(dir: string): Promise<void> {
  const rel = path.relative(WORK, dir);
  if (!rel || rel.startsWith("..") || path.isAbsolute(rel)) throw new Error(`refusing to clean ${dir}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
}

function parseDat(text: string): { maxDisp: number; maxStress: number } {
  let section: "disp" | "stress" | null = null;
  let maxDisp = 0;
  let maxStress = 0;
  for (const line of text.split("\n")) {
    if (/displacements \(vx,vy,vz\)/.test(line)) section = "disp";
    else if (/stresses \(elem, integ\.pnt\.,sxx,syy,szz,sxy,sxz,syz\)/.test(line)) section = "stress";
    else if (/^\s*$/.test(line)) continue;
    else if (section) {
      const nums = line.trim().split(/\s+/).map(Number);
      if (nums.some(Number.isNaN)) continue;
      if (section === "disp" && nums.length >= 4) {
        const [, ux, uy, uz] = nums;
        maxDisp = Math.max(maxDisp, Math.hypot(ux, uy, uz));
      } else if (section === "stress" && nums.length >= 8) {
        const [, , sxx, syy, szz, sxy, sxz, syz] = nums;
        const vm = Math.sqrt(0.5 * ((sxx - syy) ** 2 + (syy - szz) ** 2 + (szz - sxx) ** 2) + 3 * (sxy ** 2 + sxz ** 2 + syz ** 2));
        maxStress = Math.max(maxStress, vm);
      }
    }
  }
  return { maxDisp, maxStress };
}

async function runCase(spec: CaseSpec, keep: boolean): Promise<Outcome> {
  const started = Date.now();
  const dir = path.join(WORK, spec.name);
  await freshDir(dir);
  try {
    await runTool(
      "gmsh",
      [path.join(ROOT, "geo", `${spec.name}.geo`), "-3", "-order", String(spec.order), "-clmax", String(spec.meshSize),
        "-format", "inp", "-save_all", "-o", path.join(dir, "mesh.inp")],
      dir,
      600,
    );
    await copyFile(path.join(ROOT, "fea", `${spec.name}.inp`), path.join(dir, "job.inp"));
    const threads = String(Math.max(1, os.cpus().length - 1));
    await runTool("ccx", ["-i", "job"], dir, spec.timeoutS ?? 1800, { ...process.env, OMP_NUM_THREADS: threads, CCX_NPROC_EQUATION_SOLVER: threads });
    const { maxDisp, maxStress } = parseDat(await readFile(path.join(dir, "job.dat"), "utf8"));
    const ok = maxDisp <= spec.limits.maxDisplacementMm && maxStress <= spec.limits.maxVonMisesMPa;
    return { name: spec.name, ok, maxDisp, maxStress, seconds: (Date.now() - started) / 1000 };
  } catch (err) {
    return { name: spec.name, ok: false, seconds: (Date.now() - started) / 1000, note: (err as Error).message };
  } finally {
    if (!keep) {
      // keep only the small result files; the .frd and scratch files are large
      for (const f of ["job.frd", "job.sta", "job.cvg", "spooles.out", "mesh.inp"]) {
        await rm(path.join(dir, f), { force: true });
      }
    }
  }
}

function markdownSummary(outcomes: Outcome[], cases: CaseSpec[]): string {
  // table for the PR comment the CI job posts
  const limits = new Map(cases.map((c) => [c.name, c.limits]));
  const rows = outcomes.map((o) => {
    const l = limits.get(o.name)!;
    const disp = o.maxDisp !== undefined ? `${o.maxDisp.toFixed(3)} / ${l.maxDisplacementMm}` : "—";
    const stress = o.maxStress !== undefined ? `${o.maxStress.toFixed(1)} / ${l.maxVonMisesMPa}` : "—";
    return `| ${o.ok ? "✅" : "❌"} | ${o.name} | ${disp} | ${stress} | ${o.seconds.toFixed(0)} s | ${o.note ?? ""} |`;
  });
  return [
    "| | case | max displacement mm (limit) | max von Mises MPa (limit) | time | note |",
    "|---|---|---:|---:|---:|---|",
    ...rows,
    "",
  ].join("\n");
}

function checkTools(): void {
  for (const tool of ["gmsh", "ccx"]) {
    const found = (process.env.PATH ?? "").split(path.delimiter).some((dir) => existsSync(path.join(dir, tool)));
    if (!found) throw new Error(`${tool} not found on PATH`);
  }
}

async function main(): Promise<void> {
  checkTools();
  const argv = process.argv.slice(2);
  const only = argv.includes("--case") ? argv[argv.indexOf("--case") + 1] : undefined;
  const keep = argv.includes("--keep");
  const cases = loadConfig().filter((c) => !only || c.name === only);
  if (!cases.length) throw new Error(`no case ${only}`);
  await mkdir(WORK, { recursive: true });
  const outcomes: Outcome[] = [];
  for (const spec of cases) {
    const o = await runCase(spec, keep);
    outcomes.push(o);
    const figures = o.maxDisp !== undefined ? `u=${o.maxDisp.toFixed(3)} mm (≤${spec.limits.maxDisplacementMm}), σvm=${o.maxStress!.toFixed(1)} MPa (≤${spec.limits.maxVonMisesMPa})` : o.note;
    console.log(`${o.ok ? "PASS" : "FAIL"} ${spec.name.padEnd(14)} ${o.seconds.toFixed(0).padStart(5)}s  ${figures}`);
  }
  await writeFile(path.join(WORK, "results.json"), JSON.stringify(outcomes, null, 2));
  await writeFile(path.join(WORK, "summary.md"), markdownSummary(outcomes, cases));
  if (outcomes.some((o) => !o.ok)) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`fea-check: ${err.message}`);
  process.exitCode = 1;
});
