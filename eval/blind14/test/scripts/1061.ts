#!/usr/bin/env -S deno run --allow-run=deno,git --allow-read
// Pre-push checks for the Deno services: `deno fmt --check`, `deno lint`
// and `deno check` on the files changed against origin/main. Every
// Deno.Command uses a fixed program name and an argument array.

enum CheckKind {
  Format = "fmt",
  Lint = "lint",
  Types = "check",
}

interface CheckSpec {
  kind: CheckKind;
  args: (files: string[]) => string[];
  appliesTo: RegExp;
}

interface CheckOutcome {
  kind: CheckKind;
  files: number;
  success: boolean;
  output: string;
}

const SPECS: CheckSpec[] = [
  { kind: CheckKind.Format, args: (f) => ["fmt", "--check", ...f], appliesTo: /\.(ts|tsx|js|json|md)$/ },
  { kind: CheckKind.Lint, args: (f) => ["lint", "--quiet", ...f], appliesTo: /\.(ts|tsx|js)$/ },
  { kind: CheckKind.Types, args: (f) => ["check", ...f], appliesTo: /\.(ts|tsx)$/ },
];

const text = new TextDecoder();

async function capture(program: string, args: string[]): Promise<{ ok: boolean; out: string }> {
  const result = await new Deno.Command(program, { args, stdout: "piped", stderr: "piped" }).output();
  return { ok: result.success, out: text.decode(result.stdout) + text.decode(result.stderr) };
}

async function changedFiles(base: string): Promise<string[]> {
  const { ok, out } = await capture("git", ["diff", "--name-only", "--diff-filter=ACMR", `${base}...HEAD`]);
  if (!ok) throw new Error(`git diff failed: ${out}`);
  const files: string[] = [];
  for (const name of out.split("\n").filter(Boolean)) {
    try {
      const info = await Deno.stat(name);
      if (info.isFile) files.push(name);
    } catch {
      // deleted since
    }
  }
  return files;
}

async function runCheck(spec: CheckSpec, files: string[]): Promise<CheckOutcome | null> {
  const relevant = files.filter((f) => spec.appliesTo.test(f));
  if (relevant.length === 0) return null;
  const { ok, out } = await capture("deno", spec.args(relevant));
  return { kind: spec.kind, files: relevant.length, success: ok, output: out.trim() };
}

function report(outcomes: CheckOutcome[]): boolean {
  let allOk = true;
  for (const o of outcomes) {
    console.log(`${o.success ? "PASS" : "FAIL"}  deno ${o.kind.padEnd(5)} (${o.files} file(s))`);
    if (!o.success) {
      allOk = false;
      console.log(o.output.split("\n").slice(0, 30).map((l) => `      ${l}`).join("\n"));
    }
  }
  return allOk;
}

const base = Deno.args[0] ?? "origin/main";
const files = await changedFiles(base);
if (files.length === 0) {
  console.log(`no changed files against ${base}`);
  Deno.exit(0);
}
console.log(`${files.length} changed file(s) against ${base}`);
const outcomes = (await Promise.all(SPECS.map((s) => runCheck(s, files)))).filter(
  (o): o is CheckOutcome => o !== null,
);
Deno.exit(report(outcomes) ? 0 : 1);
