// tools/export-parquet.ts - convert the nightly CSV exports in data/exports
// into partitioned Parquet files with the DuckDB CLI, validate row counts,
// and write a manifest for the analytics notebook.
//
//   npx tsx tools/export-parquet.ts                     # every CSV in data/exports
//   npx tsx tools/export-parquet.ts --date 2024-06-11   # one day's files
//   npx tsx tools/export-parquet.ts --check             # only compare counts
//
// DuckDB is invoked with execFile and a fixed argument list; the SQL is built
// only from validated file names inside the repository. Output stays under
// data/parquet/ (recreated per table) and nothing leaves the machine.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join, resolve, sep } from "node:path";

interface Table {
  name: string;
  csv: string;
  partitionBy: string | null;
}

interface Outcome {
  table: string;
  csvRows: number;
  parquetRows: number;
  bytes: number;
  seconds: number;
}

const ROOT = process.cwd();
const IN_DIR = join(ROOT, "data", "exports");
const OUT_DIR = join(ROOT, "data", "parquet");
const FILE_RE = /^([a-z][a-z0-9_]{1,40})(?:_(\d{4}-\d{2}-\d{2}))?\.csv$/;
const PARTITIONS: Record<string, string> = {
  postings: "posting_date",
  statements: "statement_month",
};

function duckdb(sql: string): string {
  return execFileSync("duckdb", ["-noheader", "-csv", "-c", sql], { encoding: "utf8", maxBuffer: 64 << 20 }).trim();
}

function quote(path: string): string {
  const abs = resolve(path);
  if (!abs.startsWith(ROOT + sep)) throw new Error(`path outside repository: ${path}`);
  if (abs.includes("'")) throw new Error(`unexpected quote in path: ${path}`);
  return `'${abs}'`;
}

function parseArgs(argv: string[]) {
  const date = argv.includes("--date") ? argv[argv.indexOf("--date") + 1] : null;
  if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error("--date must be YYYY-MM-DD");
  return { date, check: argv.includes("--check") };
}

function tables(date: string | null): Table[] {
  if (!existsSync(IN_DIR)) throw new Error("data/exports does not exist");
  const out: Table[] = [];
  for (const f of readdirSync(IN_DIR).sort()) {
    const m = FILE_RE.exec(f);
    if (!m) continue;
    if (date && m[2] !== date) continue;
    out.push({ name: m[1], csv: join(IN_DIR, f), partitionBy: PARTITIONS[m[1]] ?? null });
  }
  return out;
}

function countCsv(t: Table): number {
  return Number(duckdb(`SELECT count(*) FROM read_csv_auto(${quote(t.csv)}, header=true)`));
}

function countParquet(dir: string): number {
  if (!existsSync(dir)) return 0;
  return Number(duckdb(`SELECT count(*) FROM read_parquet(${quote(join(dir, "**", "*.parquet"))}, hive_partitioning=true)`));
}

function dirSize(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    total += st.isDirectory() ? dirSize(p) : st.size;
  }
  return total;
}

function convert(t: Table): Outcome {
  const target = join(OUT_DIR, t.name);
  rmSync(target, { recursive: true, force: true }); // our own output for this table
  mkdirSync(target, { recursive: true });
  const started = Date.now();
  const partition = t.partitionBy ? `, PARTITION_BY (${t.partitionBy})` : "";
  const dest = t.partitionBy ? quote(target) : quote(join(target, `${t.name}.parquet`));
  duckdb(
    `COPY (SELECT * FROM read_csv_auto(${quote(t.csv)}, header=true, sample_size=-1)) ` +
      `TO ${dest} (FORMAT PARQUET, COMPRESSION ZSTD${partition})`,
  );
  return {
    table: t.name,
    csvRows: countCsv(t),
    parquetRows: countParquet(target),
    bytes: dirSize(target),
    seconds: (Date.now() - started) / 1000,
  };
}

function checkDuckdb(): void {
  try {
    const v = execFileSync("duckdb", ["-version"], { encoding: "utf8" }).trim();
    console.log(`duckdb ${v}`);
  } catch {
    throw new Error("duckdb CLI not found (brew install duckdb / apt install duckdb)");
  }
}

function main(): void {
  const opts = parseArgs(process.argv.slice(2));
  checkDuckdb();
  const list = tables(opts.date);
  if (!list.length) {
    console.log("no matching CSV exports");
    return;
  }
  const outcomes: Outcome[] = [];
  for (const t of list) {
    if (opts.check) {
      const o = { table: t.name, csvRows: countCsv(t), parquetRows: countParquet(join(OUT_DIR, t.name)), bytes: 0, seconds: 0 };
      outcomes.push(o);
    } else {
      outcomes.push(convert(t));
    }
  }
  let mismatches = 0;
  for (const o of outcomes) {
    const ok = o.csvRows === o.parquetRows;
    if (!ok) mismatches++;
    console.log(`${o.table.padEnd(20)} csv ${String(o.csvRows).padStart(9)}  parquet ${String(o.parquetRows).padStart(9)}  ${ok ? "ok" : "MISMATCH"}`);
  }
  if (!opts.check) {
    mkdirSync(OUT_DIR, { recursive: true });
    writeFileSync(
      join(OUT_DIR, "manifest.json"),
      JSON.stringify({ generatedAt: new Date().toISOString(), source: basename(IN_DIR), tables: outcomes }, null, 2),
    );
  }
  if (mismatches) process.exitCode = 1;
}

try {
  main();
} catch (e) {
  console.error(`export-parquet: ${(e as Error).message}`);
  process.exit(1);
}
