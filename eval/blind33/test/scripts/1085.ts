#!/usr/bin/env -S npx tsx
/**
 * sigma-zeek-tests.ts — regression tests for Sigma rules against Zeek logs.
 *
 * Test cases in tests/detections/*.json:
 *   { "rule": "rules/sigma/zeek/dns_long_label.yml",
 *     "pcap": "captures/dns-tunnel.pcap",
 *     "expect": { "min": 3, "max": 50 } }
 *
 * For each case:
 *   1. zeek -C -r <pcap> LogAscii::use_json=T in a fresh work dir under
 *      build/detections/<case>/ (cached by pcap hash),
 *   2. sigma convert -t sqlite (pySigma sqlite backend) of the rule,
 *   3. load the Zeek JSON logs into an in-memory SQLite table per log type
 *      (better-sqlite3) and run the generated query,
 *   4. compare the hit count with expect.min/max.
 *
 * Only files inside the repository are read; work dirs are removed with
 * --clean before running.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";

const exec = promisify(execFile);
const ROOT = resolve(__dirname, "..");
const CASES = join(ROOT, "tests", "detections");
const WORK = join(ROOT, "build", "detections");

interface TestCase {
  rule: string;
  pcap: string;
  logsource?: string;
  expect: { min: number; max?: number };
}

interface Outcome {
  name: string;
  hits: number;
  ok: boolean;
  detail: string;
}

function inRepo(rel: string): string {
  const abs = resolve(ROOT, rel);
  if (!abs.startsWith(ROOT + "/")) throw new Error(`${rel} points outside the repository`);
  if (!existsSync(abs)) throw new Error(`${rel} does not exist`);
  return abs;
}

function fileHash(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex").slice(0, 16);
}

async function zeekLogs(pcap: string): Promise<string> {
  const dir = join(WORK, "zeek", fileHash(pcap));
  if (existsSync(join(dir, ".done"))) return dir;
  rmSync(dir, { force: true, recursive: true });
  mkdirSync(dir, { recursive: true });
  await exec("zeek", ["-C", "-r", pcap, "LogAscii::use_json=T"], { cwd: dir, timeout: 300_000 });
  writeFileSync(join(dir, ".done"), new Date().toISOString());
  return dir;
}

async function sigmaToSql(rule: string): Promise<string> {
  const { stdout } = await exec("sigma", ["convert", "-t", "sqlite", "--without-pipeline", rule], { timeout: 60_000 });
  const query = stdout.trim().split("\n").filter((l) => l.trim()).pop() ?? "";
  if (!/^SELECT /i.test(query)) throw new Error(`unexpected sigma output: ${query.slice(0, 80)}`);
  return query;
}

function loadLogs(db: Database.Database, dir: string): string[] {
  const tables: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".log"))) {
    const table = basename(file, ".log").replace(/[^a-z0-9_]/gi, "_");
    const rows = readFileSync(join(dir, file), "utf8")
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    if (!rows.length) continue;
    const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const quoted = columns.map((c) => `"${c.replace(/"/g, '""')}"`);
    db.exec(`CREATE TABLE "${table}" (${quoted.join(", ")})`);
    const insert = db.prepare(`INSERT INTO "${table}" VALUES (${columns.map(() => "?").join(", ")})`);
    const tx = db.transaction((items: Record<string, unknown>[]) => {
      for (const r of items) insert.run(columns.map((c) => (typeof r[c] === "object" ? JSON.stringify(r[c]) : (r[c] as any) ?? null)));
    });
    tx(rows);
    tables.push(table);
  }
  return tables;
}

function retarget(query: string, table: string): string {
  // the sqlite backend emits FROM <logsource>; point it at the loaded Zeek table
  return query.replace(/FROM\s+\S+/i, `FROM "${table}"`);
}

async function runCase(file: string): Promise<Outcome> {
  const name = basename(file, ".json");
  const tc = JSON.parse(readFileSync(file, "utf8")) as TestCase;
  const rule = inRepo(tc.rule);
  const pcap = inRepo(tc.pcap);
  const [dir, sql] = await Promise.all([zeekLogs(pcap), sigmaToSql(rule)]);
  const db = new Database(":memory:");
  try {
    const tables = loadLogs(db, dir);
    const table = tc.logsource ?? (tables.includes("dns") ? "dns" : tables[0]);
    if (!table || !tables.includes(table)) return { name, hits: 0, ok: false, detail: `no ${table ?? "log"} table from Zeek` };
    const rows = db.prepare(retarget(sql, table)).all();
    const max = tc.expect.max ?? Number.POSITIVE_INFINITY;
    const ok = rows.length >= tc.expect.min && rows.length <= max;
    return { name, hits: rows.length, ok, detail: `expected ${tc.expect.min}..${tc.expect.max ?? "∞"} in ${table}` };
  } finally {
    db.close();
  }
}

function validateCases(files: string[]): string[] {
  // every case must reference an existing rule and capture, and the bounds must make sense
  const problems: string[] = [];
  for (const f of files) {
    const name = basename(f, ".json");
    let tc: TestCase;
    try {
      tc = JSON.parse(readFileSync(f, "utf8")) as TestCase;
    } catch (err) {
      problems.push(`${name}: invalid JSON (${(err as Error).message})`);
      continue;
    }
    for (const key of ["rule", "pcap"] as const) {
      if (!tc[key] || !existsSync(resolve(ROOT, tc[key]))) problems.push(`${name}: ${key} ${tc[key]} not found`);
    }
    if (!tc.expect || typeof tc.expect.min !== "number") problems.push(`${name}: expect.min missing`);
    else if (tc.expect.max !== undefined && tc.expect.max < tc.expect.min) problems.push(`${name}: expect.max < expect.min`);
  }
  return problems;
}

async function main(): Promise<number> {
  const allCases = existsSync(CASES) ? readdirSync(CASES).filter((f) => f.endsWith(".json")).map((f) => join(CASES, f)) : [];
  const problems = validateCases(allCases);
  if (problems.length) {
    problems.forEach((p) => console.error(`case error: ${p}`));
    return 2;
  }
  if (process.argv.includes("--clean")) {
    rmSync(WORK, { recursive: true, force: true });
    console.log(`removed ${relative(ROOT, WORK)}`);
  }
  const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const files = readdirSync(CASES)
    .filter((f) => f.endsWith(".json"))
    .filter((f) => !only.length || only.includes(basename(f, ".json")))
    .map((f) => join(CASES, f));
  if (!files.length) {
    console.log("no detection test cases");
    return 1;
  }
  const outcomes: Outcome[] = [];
  for (const f of files) {
    try {
      outcomes.push(await runCase(f));
    } catch (err) {
      outcomes.push({ name: basename(f, ".json"), hits: 0, ok: false, detail: (err as Error).message });
    }
  }
  for (const o of outcomes) console.log(`${o.ok ? "PASS" : "FAIL"} ${o.name.padEnd(32)} ${String(o.hits).padStart(5)} hit(s)  ${o.detail}`);
  mkdirSync(WORK, { recursive: true });
  writeFileSync(join(WORK, "results.json"), JSON.stringify(outcomes, null, 2));
  const failed = outcomes.filter((o) => !o.ok).length;
  console.log(`${outcomes.length - failed}/${outcomes.length} passed`);
  return failed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`sigma-zeek-tests: ${err.message}`);
    process.exitCode = 2;
  },
);
