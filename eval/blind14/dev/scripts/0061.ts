#!/usr/bin/env -S deno run --allow-read --allow-write --allow-run=deno
// Golden-file test runner for the markdown renderer (Deno).
// Each case renders into a Deno.makeTempDir() folder that is removed in a
// finally block; `deno fmt --check` runs through Deno.Command with a fixed
// argument list.

enum Outcome {
  Pass = "pass",
  Fail = "fail",
  Updated = "updated",
}

interface GoldenCase {
  name: string;
  input: string;
  expected: string;
}

interface CaseResult {
  name: string;
  outcome: Outcome;
  diff?: string;
}

const CASES_DIR = "./tests/golden";
const UPDATE = Deno.args.includes("--update");

function render(markdown: string): string {
  return markdown
    .split("\n")
    .map((line) => {
      const h = /^(#{1,6})\s+(.*)$/.exec(line);
      if (h) return `<h${h[1].length}>${h[2]}</h${h[1].length}>`;
      if (line.startsWith("- ")) return `<li>${line.slice(2)}</li>`;
      return line.trim() ? `<p>${line}</p>` : "";
    })
    .filter(Boolean)
    .join("\n");
}

async function loadCases(): Promise<GoldenCase[]> {
  const cases: GoldenCase[] = [];
  for await (const entry of Deno.readDir(CASES_DIR)) {
    if (!entry.isFile || !entry.name.endsWith(".md")) continue;
    const name = entry.name.replace(/\.md$/, "");
    const input = await Deno.readTextFile(`${CASES_DIR}/${entry.name}`);
    let expected = "";
    try {
      expected = await Deno.readTextFile(`${CASES_DIR}/${name}.html`);
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    }
    cases.push({ name, input, expected });
  }
  return cases.sort((a, b) => a.name.localeCompare(b.name));
}

function firstDiff(a: string, b: string): string {
  const al = a.split("\n");
  const bl = b.split("\n");
  for (let i = 0; i < Math.max(al.length, bl.length); i++) {
    if (al[i] !== bl[i]) return `line ${i + 1}:\n  want ${bl[i] ?? "<eof>"}\n  got  ${al[i] ?? "<eof>"}`;
  }
  return "";
}

async function runCase(c: GoldenCase): Promise<CaseResult> {
  const dir = await Deno.makeTempDir({ prefix: "golden-" });
  try {
    const out = `${dir}/${c.name}.html`;
    await Deno.writeTextFile(out, render(c.input).trimEnd() + "\n");
    const actual = await Deno.readTextFile(out);
    if (actual === c.expected) return { name: c.name, outcome: Outcome.Pass };
    if (UPDATE) {
      await Deno.writeTextFile(`${CASES_DIR}/${c.name}.html`, actual);
      return { name: c.name, outcome: Outcome.Updated };
    }
    return { name: c.name, outcome: Outcome.Fail, diff: firstDiff(actual, c.expected) };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function fmtCheck(): Promise<boolean> {
  const cmd = new Deno.Command("deno", { args: ["fmt", "--check", CASES_DIR], stdout: "null", stderr: "piped" });
  const { code, stderr } = await cmd.output();
  if (code !== 0) console.error(new TextDecoder().decode(stderr));
  return code === 0;
}

const results = await Promise.all((await loadCases()).map(runCase));
for (const r of results) {
  console.log(`${r.outcome.padEnd(8)} ${r.name}`);
  if (r.diff) console.log(r.diff);
}
const failed = results.filter((r) => r.outcome === Outcome.Fail).length;
const fmtOk = await fmtCheck();
console.log(`${results.length - failed}/${results.length} golden cases ok; fmt ${fmtOk ? "ok" : "FAILED"}`);
Deno.exit(failed || !fmtOk ? 1 : 0);
