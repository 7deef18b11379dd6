// Analyse the Playwright JSON reports in test-results/ across runs: flaky
// tests (passed after retry), slowest specs and failure clusters. Writes a
// markdown summary to test-results/flaky-report.md.
import { createReadStream } from "node:fs";
import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";

const ROOT = path.resolve(__dirname, "..");
const RESULTS = path.join(ROOT, "test-results");

interface TestRecord {
  title: string;
  file: string;
  status: "passed" | "failed" | "skipped" | "flaky";
  durationMs: number;
  error?: string;
}

async function* readJsonl(file: string): AsyncGenerator<TestRecord> {
  const rl = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line.trim()) continue;
    try {
      yield JSON.parse(line) as TestRecord;
    } catch {
      // partial line from an interrupted run
    }
  }
}

async function* allRecords(): AsyncGenerator<TestRecord> {
  const files = (await readdir(RESULTS)).filter((f) => f.endsWith(".jsonl")).sort();
  for (const f of files) yield* readJsonl(path.join(RESULTS, f));
}

class Aggregator {
  private runs = new Map<string, TestRecord[]>();
  private errors = new Map<string, number>();

  add(rec: TestRecord): void {
    const key = `${rec.file} › ${rec.title}`;
    const list = this.runs.get(key) ?? [];
    list.push(rec);
    this.runs.set(key, list);
    if (rec.error) {
      const sig = rec.error.split("\n")[0].replace(/\d+/g, "N").slice(0, 100);
      this.errors.set(sig, (this.errors.get(sig) ?? 0) + 1);
    }
  }

  flaky(): [string, number][] {
    return [...this.runs.entries()]
      .map(([k, recs]): [string, number] => [k, recs.filter((r) => r.status === "flaky").length / recs.length])
      .filter(([, rate]) => rate > 0)
      .sort((a, b) => b[1] - a[1]);
  }

  slowest(n: number): [string, number][] {
    return [...this.runs.entries()]
      .map(([k, recs]): [string, number] => [k, recs.reduce((s, r) => s + r.durationMs, 0) / recs.length])
      .sort((a, b) => b[1] - a[1])
      .slice(0, n);
  }

  clusters(n: number): [string, number][] {
    return [...this.errors.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  }

  get size(): number {
    return this.runs.size;
  }
}

function table(rows: [string, string][], head: [string, string]): string {
  return [`| ${head[0]} | ${head[1]} |`, "|---|---|", ...rows.map(([a, b]) => `| ${a} | ${b} |`)].join("\n");
}

async function main(): Promise<void> {
  const agg = new Aggregator();
  for await (const rec of allRecords()) agg.add(rec);
  const md = [
    `# Test health (${agg.size} tests)`,
    "",
    "## Flaky",
    table(agg.flaky().map(([k, r]) => [k, `${(r * 100).toFixed(1)}%`]), ["test", "flaky rate"]),
    "",
    "## Slowest",
    table(agg.slowest(15).map(([k, ms]) => [k, `${(ms / 1000).toFixed(2)}s`]), ["test", "avg"]),
    "",
    "## Failure clusters",
    table(agg.clusters(10).map(([sig, n]) => [sig, String(n)]), ["first line", "count"]),
    "",
  ].join("\n");
  const out = path.join(RESULTS, "flaky-report.md");
  await writeFile(out, md);
  console.log(md);
  console.log(`written to ${path.relative(ROOT, out)}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
