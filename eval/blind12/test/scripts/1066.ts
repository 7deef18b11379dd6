#!/usr/bin/env -S npx tsx
// Find flaky Playwright tests from the JSON reports of the last CI runs
// (downloaded into artifacts/playwright/*.json). A test is flaky when it
// needed retries to pass, or when its outcome differs between runs.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REPORTS = join(ROOT, "artifacts", "playwright");

interface PwResult {
  status: "passed" | "failed" | "timedOut" | "skipped" | "interrupted";
  retry: number;
  duration: number;
}
interface PwTest {
  projectName: string;
  results: PwResult[];
}
interface PwSpec {
  title: string;
  file: string;
  tests: PwTest[];
}
interface PwSuite {
  specs?: PwSpec[];
  suites?: PwSuite[];
}

type Outcome = { finalStatus: string; retries: number; ms: number };

function* walkSuites(suites: PwSuite[] = []): Generator<PwSpec> {
  for (const suite of suites) {
    yield* suite.specs ?? [];
    yield* walkSuites(suite.suites);
  }
}

class FlakeTracker {
  private readonly runs = new Map<string, Outcome[]>();

  add(key: string, outcome: Outcome): void {
    const list = this.runs.get(key) ?? [];
    list.push(outcome);
    this.runs.set(key, list);
  }

  flaky(): { key: string; runs: number; retried: number; failed: number; avgMs: number }[] {
    const out = [];
    for (const [key, list] of this.runs) {
      const retried = list.filter((o) => o.retries > 0 && o.finalStatus === "passed").length;
      const failed = list.filter((o) => o.finalStatus !== "passed" && o.finalStatus !== "skipped").length;
      const mixed = failed > 0 && failed < list.length;
      if (retried > 0 || mixed) {
        const avgMs = list.reduce((s, o) => s + o.ms, 0) / list.length;
        out.push({ key, runs: list.length, retried, failed, avgMs });
      }
    }
    return out.sort((a, b) => b.retried + b.failed - (a.retried + a.failed));
  }
}

function main(): void {
  const files = readdirSync(REPORTS).filter((f) => f.endsWith(".json"));
  if (files.length === 0) {
    console.error(`no reports in ${REPORTS}`);
    process.exitCode = 1;
    return;
  }
  const tracker = new FlakeTracker();
  for (const file of files) {
    const report = JSON.parse(readFileSync(join(REPORTS, file), "utf8")) as { suites: PwSuite[] };
    for (const spec of walkSuites(report.suites)) {
      for (const test of spec.tests) {
        if (test.results.length === 0) continue;
        const last = test.results[test.results.length - 1];
        tracker.add(`${spec.file} > ${spec.title} [${test.projectName}]`, {
          finalStatus: last.status,
          retries: test.results.length - 1,
          ms: test.results.reduce((s, r) => s + r.duration, 0),
        });
      }
    }
  }
  const flaky = tracker.flaky();
  console.log(`${files.length} report(s), ${flaky.length} flaky test(s)\n`);
  for (const f of flaky.slice(0, 25)) {
    console.log(
      `${String(f.retried).padStart(3)} retried ${String(f.failed).padStart(3)} failed / ${f.runs} runs  ` +
        `${(f.avgMs / 1000).toFixed(1).padStart(6)}s  ${f.key}`,
    );
  }
}

main();
