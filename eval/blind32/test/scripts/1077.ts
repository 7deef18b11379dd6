/**
 * vitess-schema.ts - compare the local Vitess keyspace schema with
 * db/vitess/*.sql and optionally apply missing DDL.
 *
 * Talks to the local vtctld from the examples/local cluster (127.0.0.1:15999)
 * through `vtctldclient`.  Only keyspaces ending in _dev are accepted.  With
 * --apply, CREATE TABLE statements for missing tables are applied through
 * `vtctldclient ApplySchema --ddl-strategy direct`; ALTERs are printed for
 * review and never applied automatically.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const SQL_DIR = path.join(ROOT, "db", "vitess");
const VTCTLD = process.env.VTCTLD_ADDR ?? "127.0.0.1:15999";
const REPORT = path.join(ROOT, "build", "vitess-schema.md");

type Columns = Map<string, string>;
interface Table {
  name: string;
  columns: Columns;
  createSql: string;
}

function assertLocal(): void {
  const host = VTCTLD.split(":")[0];
  if (host !== "127.0.0.1" && host !== "localhost") throw new Error(`vtctld ${VTCTLD} is not local`);
}

async function vtctld(...args: string[]): Promise<string> {
  const { stdout } = await execFileP("vtctldclient", ["--server", VTCTLD, ...args], { maxBuffer: 32 * 1024 * 1024 });
  return stdout;
}

function parseCreate(sql: string): Table | null {
  const m = /CREATE TABLE\s+(?:IF NOT EXISTS\s+)?`?(\w+)`?\s*\(([\s\S]*)\)\s*[^)]*$/i.exec(sql.trim());
  if (!m) return null;
  const columns: Columns = new Map();
  for (const raw of m[2].split(/,\s*\n/)) {
    const line = raw.trim();
    if (/^(PRIMARY|UNIQUE|KEY|INDEX|CONSTRAINT|FOREIGN)\b/i.test(line)) continue;
    const col = /^`?(\w+)`?\s+(.+?)\s*,?$/.exec(line);
    if (col) columns.set(col[1].toLowerCase(), col[2].replace(/\s+/g, " ").toLowerCase());
  }
  return { name: m[1].toLowerCase(), columns, createSql: sql.trim().replace(/;$/, "") };
}

function fileTables(): Map<string, Table> {
  const tables = new Map<string, Table>();
  for (const file of readdirSync(SQL_DIR).filter((f) => f.endsWith(".sql")).sort()) {
    const text = readFileSync(path.join(SQL_DIR, file), "utf8");
    for (const stmt of text.split(/;\s*\n/)) {
      if (!/CREATE TABLE/i.test(stmt)) continue;
      const t = parseCreate(stmt);
      if (t) tables.set(t.name, t);
    }
  }
  return tables;
}

async function liveTables(keyspace: string): Promise<Map<string, Table>> {
  const tablets = JSON.parse(await vtctld("GetTablets", "--keyspace", keyspace, "--tablet-type", "primary")) as {
    tablets?: { alias: { cell: string; uid: number } }[];
  };
  const primary = tablets.tablets?.[0];
  if (!primary) throw new Error(`no primary tablet for ${keyspace}`);
  const alias = `${primary.alias.cell}-${String(primary.alias.uid).padStart(10, "0")}`;
  const schema = JSON.parse(await vtctld("GetSchema", alias)) as {
    table_definitions?: { name: string; schema: string }[];
  };
  const out = new Map<string, Table>();
  for (const def of schema.table_definitions ?? []) {
    const t = parseCreate(def.schema);
    if (t) out.set(t.name, t);
  }
  return out;
}

interface Diff {
  missing: Table[];
  extra: string[];
  changed: { table: string; changes: string[] }[];
}

function diff(files: Map<string, Table>, live: Map<string, Table>): Diff {
  const result: Diff = { missing: [], extra: [], changed: [] };
  for (const [name, t] of files) {
    const l = live.get(name);
    if (!l) {
      result.missing.push(t);
      continue;
    }
    const changes: string[] = [];
    for (const [col, type] of t.columns) {
      const liveType = l.columns.get(col);
      if (!liveType) changes.push(`ADD COLUMN ${col} ${type}`);
      else if (liveType !== type) changes.push(`MODIFY ${col}: ${liveType} -> ${type}`);
    }
    for (const col of l.columns.keys()) if (!t.columns.has(col)) changes.push(`column ${col} only in live schema`);
    if (changes.length) result.changed.push({ table: name, changes });
  }
  for (const name of live.keys()) if (!files.has(name)) result.extra.push(name);
  return result;
}

/**
 * Only CREATE TABLE for tables that do not exist yet is applied; this cannot
 * lose data, unlike ALTER or DROP, which stay manual.
 */
async function applyMissing(keyspace: string, missing: Table[]): Promise<void> {
  for (const t of missing) {
    console.log(`applying CREATE TABLE ${t.name}`);
    await vtctld("ApplySchema", "--ddl-strategy", "direct", "--sql", t.createSql, keyspace);
  }
}

/** VSchema check: every table in the files must appear in the keyspace VSchema. */
async function vschemaFindings(keyspace: string, files: Map<string, Table>): Promise<string[]> {
  let vschema: { tables?: Record<string, unknown> } = {};
  try {
    const raw = JSON.parse(await vtctld("GetVSchema", keyspace)) as { v_schema?: { tables?: Record<string, unknown> } };
    vschema = raw.v_schema ?? {};
  } catch (err) {
    return [`could not read VSchema: ${(err as Error).message}`];
  }
  const known = new Set(Object.keys(vschema.tables ?? {}));
  const problems: string[] = [];
  for (const name of files.keys()) {
    if (!known.has(name)) problems.push(`table ${name} is not in the VSchema of ${keyspace}`);
  }
  return problems;
}

/** Suggested ALTER statements, written to a file for review (never applied). */
function alterSuggestions(d: Diff): string {
  const lines: string[] = ["-- suggested changes, review before applying", ""];
  for (const c of d.changed) {
    const adds = c.changes.filter((x) => x.startsWith("ADD COLUMN"));
    if (adds.length) lines.push(`ALTER TABLE ${c.table} ${adds.join(", ")};`);
    for (const other of c.changes.filter((x) => !x.startsWith("ADD COLUMN"))) {
      lines.push(`-- ${c.table}: ${other}`);
    }
  }
  return lines.join("\n") + "\n";
}

function markdown(keyspace: string, d: Diff): string {
  const lines = [`# Vitess schema drift (${keyspace})`, ""];
  lines.push(`- missing tables: ${d.missing.map((t) => t.name).join(", ") || "none"}`);
  lines.push(`- tables only in live schema: ${d.extra.join(", ") || "none"}`);
  for (const c of d.changed) {
    lines.push("", `## ${c.table}`, "", ...c.changes.map((x) => `- ${x}`));
  }
  return lines.join("\n") + "\n";
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const keyspace = args.find((a) => !a.startsWith("--")) ?? "commerce_dev";
  if (!keyspace.endsWith("_dev")) throw new Error(`keyspace ${keyspace} is not a *_dev keyspace`);
  assertLocal();
  const files = fileTables();
  const d = diff(files, await liveTables(keyspace));
  mkdirSync(path.dirname(REPORT), { recursive: true, mode: 0o755 });
  writeFileSync(REPORT, markdown(keyspace, d));
  writeFileSync(path.join(ROOT, "build", "vitess-alters.sql"), alterSuggestions(d));
  for (const p of await vschemaFindings(keyspace, files)) console.warn(`vschema: ${p}`);
  console.log(`missing ${d.missing.length}, extra ${d.extra.length}, changed ${d.changed.length} (report ${path.relative(ROOT, REPORT)})`);
  if (args.includes("--apply") && d.missing.length) await applyMissing(keyspace, d.missing);
  if (d.changed.length) console.log("ALTERs are not applied automatically; see the report");
  process.exitCode = d.missing.length || d.changed.length ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`vitess-schema: ${err.message}`);
  process.exitCode = 2;
});
