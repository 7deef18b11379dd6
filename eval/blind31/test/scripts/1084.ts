#!/usr/bin/env -S npx tsx
/**
 * ghidra-diff-run.ts — analyse two builds of our gateway firmware with Ghidra
 * headless and produce a function-level diff (added/removed/changed by size
 * and by instruction hash) for the security review of a release.
 *
 *   npx tsx tools/ghidra-diff-run.ts --old releases/3.0.2/httpd --new build/firmware/rootfs/usr/bin/httpd
 *
 * Both binaries must be inside the repository (release artefacts we keep in
 * releases/ and the fresh build). Each is imported into its own throwaway
 * Ghidra project under build/ghidra-diff/<tag>/ and analysed with the
 * project's post-script tools/ghidra/scripts/ExportFunctionHashes.java,
 * which writes functions.json next to the project. The Ghidra projects are
 * deleted afterwards (-deleteProject, plus removal of the directory).
 *
 * analyzeHeadless starts a JVM; we run the two analyses in parallel, give
 * each a wall-clock limit, and on Ctrl-C terminate the JVMs we started.
 *
 * Matching: named functions are matched by name; Ghidra's auto-named
 * FUN_xxxxxxxx functions are matched by their instruction hash, because their
 * addresses move between builds. A function is "changed" when the hash
 * differs. --keep leaves the exported functions.json files in
 * build/ghidra-diff/{old,new}/ for manual inspection.
 *
 * Output: reports/ghidra-function-diff.md (for the review) and
 * build/ghidra-diff/diff.json (machine-readable).
 *
 * Requirements: Ghidra 11.x (GHIDRA_INSTALL_DIR or analyzeHeadless on PATH)
 * and a JDK 17+. Memory: MAXMEM=6G per JVM; two run in parallel.
 * Expect 10-30 minutes per binary on the CI runner.
 */

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const WORK = path.join(ROOT, "build", "ghidra-diff");
const SCRIPTS = path.join(ROOT, "tools", "ghidra", "scripts");
const POST_SCRIPT = "ExportFunctionHashes.java";
const TIMEOUT_MS = 45 * 60 * 1000;

interface FunctionInfo {
  name: string;
  entry: string;
  size: number;
  hash: string;
  calls: string[];
}

interface DiffResult {
  added: FunctionInfo[];
  removed: FunctionInfo[];
  changed: { name: string; oldSize: number; newSize: number }[];
  unchanged: number;
}

const running = new Set<ChildProcess>();

function stopAll(): void {
  for (const child of running) child.kill("SIGTERM");
}
process.on("SIGINT", () => {
  stopAll();
  process.exit(130);
});

function args(): { oldBin: string; newBin: string; keep: boolean } {
  const argv = process.argv.slice(2);
  const val = (f: string) => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : undefined);
  const oldBin = val("--old");
  const newBin = val("--new");
  if (!oldBin || !newBin) throw new Error("usage: ghidra-diff-run.ts --old BIN --new BIN [--keep]");
  for (const b of [oldBin, newBin]) {
    const abs = path.resolve(ROOT, b);
    if (!abs.startsWith(ROOT + path.sep)) throw new Error(`${b} is outside the repository`);
    if (!existsSync(abs)) throw new Error(`${b} does not exist`);
  }
  return { oldBin: path.resolve(ROOT, oldBin), newBin: path.resolve(ROOT, newBin), keep: argv.includes("--keep") };
}

function headlessPath(): string {
  const home = process.env.GHIDRA_INSTALL_DIR;
  if (home && existsSync(path.join(home, "support", "analyzeHeadless"))) return path.join(home, "support", "analyzeHeadless");
  return "analyzeHeadless";
}

function analyse(tag: string, binary: string): Promise<FunctionInfo[]> {
  const projectDir = path.join(WORK, tag);
  rmSync(projectDir, { recursive: true, force: true });
  mkdirSync(projectDir, { recursive: true });
  const out = path.join(projectDir, "functions.json");
  const argv = [
    projectDir, `diff_${tag}`,
    "-import", binary,
    "-scriptPath", SCRIPTS,
    "-postScript", POST_SCRIPT, out,
    "-analysisTimeoutPerFile", String(Math.floor(TIMEOUT_MS / 1000) - 60),
    "-deleteProject",
    "-log", path.join(projectDir, "headless.log"),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(headlessPath(), argv, { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, MAXMEM: "6G" } });
    running.add(child);
    let stderr = "";
    child.stderr?.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
    const timer = setTimeout(() => child.kill("SIGTERM"), TIMEOUT_MS);
    child.on("error", (err) => {
      clearTimeout(timer);
      running.delete(child);
      reject(err);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      if (code !== 0) return reject(new Error(`${tag}: analyzeHeadless exited ${code ?? signal}\n${stderr}`));
      if (!existsSync(out)) return reject(new Error(`${tag}: post-script wrote no functions.json`));
      resolve(JSON.parse(readFileSync(out, "utf8")) as FunctionInfo[]);
    });
  });
}

function diff(oldFns: FunctionInfo[], newFns: FunctionInfo[]): DiffResult {
  const key = (f: FunctionInfo) => (f.name.startsWith("FUN_") ? `hash:${f.hash}` : f.name);
  const before = new Map(oldFns.map((f) => [key(f), f]));
  const after = new Map(newFns.map((f) => [key(f), f]));
  const result: DiffResult = { added: [], removed: [], changed: [], unchanged: 0 };
  for (const [k, f] of after) {
    const o = before.get(k);
    if (!o) result.added.push(f);
    else if (o.hash !== f.hash) result.changed.push({ name: f.name, oldSize: o.size, newSize: f.size });
    else result.unchanged += 1;
  }
  for (const [k, f] of before) if (!after.has(k)) result.removed.push(f);
  result.changed.sort((a, b) => Math.abs(b.newSize - b.oldSize) - Math.abs(a.newSize - a.oldSize));
  return result;
}

function markdown(d: DiffResult, oldBin: string, newBin: string): string {
  const rel = (p: string) => path.relative(ROOT, p);
  const lines = [
    `# Function diff: ${rel(oldBin)} → ${rel(newBin)}`,
    "",
    `added ${d.added.length}, removed ${d.removed.length}, changed ${d.changed.length}, unchanged ${d.unchanged}`,
    "",
    "## Added",
    ...d.added.slice(0, 100).map((f) => `- \`${f.name}\` @ ${f.entry} (${f.size} bytes; calls ${f.calls.slice(0, 6).join(", ") || "—"})`),
    "",
    "## Removed",
    ...d.removed.slice(0, 100).map((f) => `- \`${f.name}\` (${f.size} bytes)`),
    "",
    "## Changed (largest size delta first)",
    ...d.changed.slice(0, 100).map((c) => `- \`${c.name}\`: ${c.oldSize} → ${c.newSize} bytes`),
    "",
  ];
  return lines.join("\n");
}

async function main(): Promise<void> {
  const { oldBin, newBin, keep } = args();
  mkdirSync(WORK, { recursive: true });
  console.log("analysing both builds (this takes a while)…");
  const [oldFns, newFns] = await Promise.all([analyse("old", oldBin), analyse("new", newBin)]);
  const d = diff(oldFns, newFns);
  const report = path.join(ROOT, "reports", "ghidra-function-diff.md");
  mkdirSync(path.dirname(report), { recursive: true });
  writeFileSync(report, markdown(d, oldBin, newBin));
  writeFileSync(path.join(WORK, "diff.json"), JSON.stringify(d, null, 2));
  if (!keep) {
    rmSync(path.join(WORK, "old"), { recursive: true, force: true });
    rmSync(path.join(WORK, "new"), { recursive: true, force: true });
  }
  console.log(`added ${d.added.length}, removed ${d.removed.length}, changed ${d.changed.length} -> ${path.relative(ROOT, report)}`);
}

main().catch((err: Error) => {
  stopAll();
  console.error(`ghidra-diff-run: ${err.message}`);
  process.exitCode = 1;
});
