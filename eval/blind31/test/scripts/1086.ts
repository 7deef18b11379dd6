#!/usr/bin/env -S npx tsx
/**
 * case-matrix.ts — generate OpenFOAM case directories for a design-of-
 * experiments matrix from one template case, and (optionally) submit them
 * to the cluster queue.
 *
 *   npx tsx tools/case-matrix.ts doe/manifold.yaml            # generate into build/matrix/manifold/
 *   npx tsx tools/case-matrix.ts doe/manifold.yaml --submit   # also sbatch each case
 *   npx tsx tools/case-matrix.ts doe/manifold.yaml --clean    # remove the generated matrix
 *
 * The DOE file names the template case, the dictionary entries to vary
 * (foamDictionary entry paths) and the levels. Each combination becomes
 * build/matrix/<doe>/<id>/, a copy of the template with the entries set via
 * `foamDictionary -set` (argv, no shell). The generated tree is ours: it is
 * deleted and regenerated on every run, and --clean refuses any path that is
 * not under build/matrix/.
 *
 * --submit runs `sbatch` with the project's job script (hpc/foam-job.sh) and
 * records the job ids in build/matrix/<doe>/jobs.json; cancelling is left to
 * `scancel` by hand.
 *
 * Before generating, every factor's dictionary entry is looked up in the
 * template with `foamDictionary -value`, so a typo in the DOE file fails fast
 * instead of producing a matrix of identical cases.
 */

import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import YAML from "yaml";

const ROOT = path.resolve(__dirname, "..");
const MATRIX_ROOT = path.join(ROOT, "build", "matrix");
const JOB_SCRIPT = path.join(ROOT, "hpc", "foam-job.sh");

interface Factor {
  file: string;
  entry: string;
  levels: (string | number)[];
  format?: string;
}

interface Doe {
  name: string;
  template: string;
  factors: Record<string, Factor>;
  solver: string;
  ranks: number;
}

interface Run {
  id: string;
  values: Record<string, string | number>;
  dir: string;
}

function loadDoe(file: string): Doe {
  const doe = YAML.parse(readFileSync(path.resolve(ROOT, file), "utf8")) as Doe;
  if (!/^[a-z0-9-]+$/.test(doe.name)) throw new Error(`bad DOE name ${doe.name}`);
  const template = path.resolve(ROOT, doe.template);
  if (!template.startsWith(path.join(ROOT, "cases") + path.sep)) throw new Error("template must be under cases/");
  if (!existsSync(path.join(template, "system", "controlDict"))) throw new Error(`${doe.template} is not an OpenFOAM case`);
  doe.template = template;
  for (const [name, f] of Object.entries(doe.factors)) {
    if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`bad factor name ${name}`);
    if (!f.levels?.length) throw new Error(`factor ${name} has no levels`);
    if (path.isAbsolute(f.file) || f.file.includes("..")) throw new Error(`factor ${name}: file must be relative to the case`);
  }
  return doe;
}

function combinations(factors: Record<string, Factor>): Record<string, string | number>[] {
  let combos: Record<string, string | number>[] = [{}];
  for (const [name, f] of Object.entries(factors)) {
    combos = combos.flatMap((c) => f.levels.map((level) => ({ ...c, [name]: level })));
  }
  return combos;
}

function matrixDir(doe: Doe): string {
  const dir = path.join(MATRIX_ROOT, doe.name);
  if (!dir.startsWith(MATRIX_ROOT + path.sep)) throw new Error(`unexpected matrix dir ${dir}`);
  return dir;
}

function formatValue(f: Factor, value: string | number): string {
  return f.format ? f.format.replace("{}", String(value)) : String(value);
}

function setEntry(caseDir: string, f: Factor, value: string | number): void {
  execFileSync("foamDictionary", ["-case", caseDir, "-entry", f.entry, "-set", formatValue(f, value), f.file], {
    stdio: ["ignore", "ignore", "pipe"],
  });
}

function generate(doe: Doe): Run[] {
  const base = matrixDir(doe);
  rmSync(base, { recursive: true, force: true });
  mkdirSync(base, { recursive: true });
  const runs: Run[] = [];
  combinations(doe.factors).forEach((values, i) => {
    const id = `r${String(i + 1).padStart(3, "0")}`;
    const dir = path.join(base, id);
    cpSync(doe.template, dir, {
      recursive: true,
      filter: (src) => !/(^|\/)(processor\d+|postProcessing|log\.[^/]+|\d+\.\d+)$/.test(src),
    });
    for (const [name, value] of Object.entries(values)) setEntry(dir, doe.factors[name], value);
    writeFileSync(path.join(dir, "doe.json"), JSON.stringify({ id, values }, null, 2));
    runs.push({ id, values, dir });
  });
  writeFileSync(path.join(base, "matrix.json"), JSON.stringify(runs.map(({ id, values }) => ({ id, values })), null, 2));
  return runs;
}

function submit(doe: Doe, runs: Run[]): Record<string, string> {
  if (!existsSync(JOB_SCRIPT)) throw new Error("hpc/foam-job.sh missing");
  const jobs: Record<string, string> = {};
  for (const r of runs) {
    const out = execFileSync(
      "sbatch",
      ["--parsable", `--job-name=${doe.name}-${r.id}`, `--ntasks=${doe.ranks}`, `--chdir=${r.dir}`, JOB_SCRIPT, doe.solver],
      { encoding: "utf8" },
    );
    jobs[r.id] = out.trim().split(";")[0];
    console.log(`submitted ${r.id} as job ${jobs[r.id]}`);
  }
  writeFileSync(path.join(matrixDir(doe), "jobs.json"), JSON.stringify(jobs, null, 2));
  return jobs;
}

function clean(doe: Doe): void {
  const dir = matrixDir(doe);
  if (!existsSync(dir)) {
    console.log("nothing to clean");
    return;
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(`removed ${path.relative(ROOT, dir)}`);
}

function validateTemplate(doe: Doe): void {
  // every factor's dictionary file must exist in the template and contain the entry
  for (const [name, f] of Object.entries(doe.factors)) {
    const file = path.join(doe.template, f.file);
    if (!existsSync(file)) throw new Error(`factor ${name}: ${f.file} not found in the template case`);
    try {
      execFileSync("foamDictionary", ["-case", doe.template, "-entry", f.entry, "-value", f.file], { stdio: ["ignore", "pipe", "pipe"] });
    } catch {
      throw new Error(`factor ${name}: entry ${f.entry} not found in ${f.file}`);
    }
  }
}

function printTable(doe: Doe, runs: Run[]): void {
  const names = Object.keys(doe.factors);
  console.log(["id", ...names].join("\t"));
  for (const r of runs) console.log([r.id, ...names.map((n) => String(r.values[n]))].join("\t"));
}

function main(): void {
  const [doeFile, ...rest] = process.argv.slice(2);
  if (!doeFile) throw new Error("usage: case-matrix.ts DOE.yaml [--submit | --clean]");
  const doe = loadDoe(doeFile);
  if (rest.includes("--clean")) return clean(doe);
  validateTemplate(doe);
  const runs = generate(doe);
  printTable(doe, runs);
  console.log(`${runs.length} cases in ${path.relative(ROOT, matrixDir(doe))}`);
  if (rest.includes("--submit")) {
    const jobs = submit(doe, runs);
    console.log(`${Object.keys(jobs).length} jobs submitted; see ${path.relative(ROOT, path.join(matrixDir(doe), "jobs.json"))}`);
  }
}

try {
  main();
} catch (err) {
  console.error(`case-matrix: ${(err as Error).message}`);
  process.exitCode = 1;
}
