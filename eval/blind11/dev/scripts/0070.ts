#!/usr/bin/env -S npx tsx
// test/snapshot-cli.ts - run the compiled `mdlint` binary against every case in
// test/cases/ inside a fresh temp dir and compare stdout to snapshots.
import { mkdtemp, cp, readFile, writeFile, rm, readdir } from "node:fs/promises";
import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const CASES = path.join(ROOT, "test", "cases");
const SNAPS = path.join(ROOT, "test", "__snapshots__");
const BIN = path.join(ROOT, "dist", "mdlint.js");
const update = process.argv.includes("-u");

interface Outcome { name: string; ok: boolean; detail?: string }

function exec(cwd: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, "--format", "compact", "."], { cwd });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => resolve({ code: code ?? -1, out }));
  });
}

function normalise(output: string, dir: string): string {
  return output.split(dir).join("<case>").replace(/\r\n/g, "\n").trimEnd() + "\n";
}

async function withTmp<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "mdlint-snap-"));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function runCase(name: string): Promise<Outcome> {
  return withTmp(async (dir) => {
    await cp(path.join(CASES, name), dir, { recursive: true });
    const { code, out } = await exec(dir);
    const actual = `exit ${code}\n${normalise(out, dir)}`;
    const snapFile = path.join(SNAPS, `${name}.txt`);
    if (update) {
      await writeFile(snapFile, actual);
      return { name, ok: true, detail: "updated" };
    }
    let expected: string;
    try {
      expected = await readFile(snapFile, "utf8");
    } catch {
      return { name, ok: false, detail: "missing snapshot (run with -u)" };
    }
    return expected === actual ? { name, ok: true } : { name, ok: false, detail: diff(expected, actual) };
  });
}

function diff(a: string, b: string): string {
  const la = a.split("\n");
  const lb = b.split("\n");
  const lines: string[] = [];
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] !== lb[i]) lines.push(`  line ${i + 1}: - ${la[i] ?? ""}\n          + ${lb[i] ?? ""}`);
    if (lines.length > 10) break;
  }
  return lines.join("\n");
}

async function main(): Promise<number> {
  const filter = process.argv.slice(2).find((a) => !a.startsWith("-"));
  const names = (await readdir(CASES)).filter((n) => !filter || n.includes(filter)).sort();
  const results: Outcome[] = [];
  for (const name of names) {
    const r = await runCase(name);
    results.push(r);
    console.log(`${r.ok ? "ok  " : "FAIL"} ${name}${r.detail ? `\n${r.detail}` : ""}`);
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed}/${results.length} passed`);
  return failed ? 1 : 0;
}

main().then((code) => process.exit(code));
