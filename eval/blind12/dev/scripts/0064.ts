#!/usr/bin/env -S npx tsx
// Golden-file tests for the config loader: every case in tests/golden/<case>
// is copied into a fresh temp dir, the loader runs there, and its JSON output
// is compared with expected.json. Temp dirs are removed in finally blocks.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";

const ROOT = path.resolve(import.meta.dirname ?? ".", "..");
const GOLDEN = path.join(ROOT, "tests", "golden");

type LoadConfig = (cwd: string, env: Record<string, string>) => Promise<unknown>;

interface CaseResult {
  name: string;
  ok: boolean;
  detail?: string;
  ms: number;
}

async function loadLoader(): Promise<LoadConfig> {
  const mod = (await import(path.join(ROOT, "src", "config", "loader.ts"))) as { loadConfig: LoadConfig };
  return mod.loadConfig;
}

async function withTempDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  try {
    return await fn(dir);
  } finally {
    if (!process.env.KEEP_TMP) await rm(dir, { recursive: true, force: true });
  }
}

async function readJson<T>(file: string, fallback: T): Promise<T> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return fallback;
  }
}

async function runCase(loadConfig: LoadConfig, name: string, update: boolean): Promise<CaseResult> {
  const started = performance.now();
  const caseDir = path.join(GOLDEN, name);
  return withTempDir(`golden-${name}-`, async (dir) => {
    await cp(path.join(caseDir, "input"), dir, { recursive: true });
    const env = await readJson<Record<string, string>>(path.join(caseDir, "env.json"), {});
    const actual = await loadConfig(dir, env);
    const expectedFile = path.join(caseDir, "expected.json");
    if (update) {
      await writeFile(expectedFile, JSON.stringify(actual, null, 2) + "\n");
      return { name, ok: true, detail: "updated", ms: performance.now() - started };
    }
    const expected = await readJson<unknown>(expectedFile, undefined);
    const ok = isDeepStrictEqual(actual, expected);
    return {
      name,
      ok,
      detail: ok ? undefined : `expected ${JSON.stringify(expected)}\n     actual   ${JSON.stringify(actual)}`,
      ms: performance.now() - started,
    };
  });
}

async function main(): Promise<void> {
  const update = process.argv.includes("--update");
  const filter = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const loadConfig = await loadLoader();
  const names = (await readdir(GOLDEN, { withFileTypes: true }))
    .filter((d) => d.isDirectory() && (filter.length === 0 || filter.includes(d.name)))
    .map((d) => d.name)
    .sort();
  const results: CaseResult[] = [];
  for (const name of names) {
    try {
      results.push(await runCase(loadConfig, name, update));
    } catch (err) {
      results.push({ name, ok: false, detail: (err as Error).stack, ms: 0 });
    }
  }
  for (const r of results) {
    console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name} (${r.ms.toFixed(0)} ms)${r.detail ? `\n     ${r.detail}` : ""}`);
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`${results.length - failed}/${results.length} golden cases passed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

void main();
