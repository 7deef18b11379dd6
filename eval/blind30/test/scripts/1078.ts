/**
 * kobo-form-check.ts - compare deployed KoboToolbox forms with the XLSForm sources in git
 *
 *   npx tsx tools/kobo-form-check.ts            # all forms in forms/registry.json
 *   npx tsx tools/kobo-form-check.ts --asset aHx3Kc9Lq2Vd8
 *
 * For each registered asset it fetches the deployed version's content from
 * kf.kobotoolbox.org (KPI v2, token from .env in the Authorization header), converts the
 * local XLSForm (forms/<name>.xlsx) to JSON with the project's own converter
 * (tools/xls2json, run via execFile), and reports added/removed/changed questions and
 * choice lists. Read-only: it never redeploys; deployment stays a manual step in the UI.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const KPI = "https://kf.kobotoolbox.org/api/v2";

interface RegistryEntry {
  name: string;
  asset: string;
  xlsform: string;
}

interface SurveyRow {
  type: string;
  name?: string;
  label?: string[] | string;
  required?: boolean | string;
  relevant?: string;
  constraint?: string;
  $kuid?: string;
}

interface ChoiceRow {
  list_name: string;
  name: string;
  label?: string[] | string;
}

interface FormContent {
  survey: SurveyRow[];
  choices?: ChoiceRow[];
}

interface Change {
  kind: "added" | "removed" | "changed";
  what: string;
  detail?: string;
}

function token(): string {
  if (process.env.KOBO_TOKEN) return process.env.KOBO_TOKEN;
  const file = path.join(ROOT, ".env");
  const m = existsSync(file) ? /^KOBO_TOKEN=(.*)$/m.exec(readFileSync(file, "utf8")) : null;
  if (!m) throw new Error("KOBO_TOKEN missing");
  return m[1].trim();
}

async function kpi<T>(route: string): Promise<T> {
  const res = await fetch(`${KPI}/${route}`, { headers: { Authorization: `Token ${token()}`, Accept: "application/json" } });
  if (!res.ok) throw new Error(`${route}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

async function deployedContent(asset: string): Promise<{ version: string; content: FormContent }> {
  const info = await kpi<{ deployed_version_id: string | null; has_deployment: boolean }>(`assets/${asset}/?format=json`);
  if (!info.has_deployment || !info.deployed_version_id) throw new Error(`${asset} is not deployed`);
  const version = await kpi<{ content: FormContent }>(`assets/${asset}/versions/${info.deployed_version_id}/?format=json`);
  return { version: info.deployed_version_id, content: version.content };
}

async function localContent(xlsform: string): Promise<FormContent> {
  const file = path.resolve(ROOT, xlsform);
  if (!file.startsWith(ROOT + path.sep) || !existsSync(file)) throw new Error(`${xlsform} not found in the repository`);
  const converter = path.join(ROOT, "tools", "xls2json");
  const { stdout } = await run(converter, ["--json", file], { maxBuffer: 32 * 1024 * 1024 });
  return JSON.parse(stdout) as FormContent;
}

function labelOf(row: { label?: string[] | string }): string {
  return Array.isArray(row.label) ? row.label[0] ?? "" : row.label ?? "";
}

function keyed<T extends { name?: string }>(rows: T[]): Map<string, T> {
  return new Map(rows.filter((r) => r.name).map((r) => [r.name as string, r]));
}

function compareSurvey(deployed: SurveyRow[], local: SurveyRow[]): Change[] {
  const changes: Change[] = [];
  const a = keyed(deployed.filter((r) => !r.type.startsWith("end_")));
  const b = keyed(local.filter((r) => !r.type.startsWith("end_")));
  for (const [name, row] of b) {
    const old = a.get(name);
    if (!old) {
      changes.push({ kind: "added", what: `question ${name}`, detail: row.type });
      continue;
    }
    for (const field of ["type", "relevant", "constraint"] as const) {
      if ((old[field] ?? "") !== (row[field] ?? "")) changes.push({ kind: "changed", what: `${name}.${field}`, detail: `${old[field] ?? ""} -> ${row[field] ?? ""}` });
    }
    if (String(old.required ?? false) !== String(row.required ?? false)) changes.push({ kind: "changed", what: `${name}.required` });
    if (labelOf(old) !== labelOf(row)) changes.push({ kind: "changed", what: `${name}.label` });
  }
  for (const name of a.keys()) if (!b.has(name)) changes.push({ kind: "removed", what: `question ${name}` });
  return changes;
}

function compareChoices(deployed: ChoiceRow[] = [], local: ChoiceRow[] = []): Change[] {
  const key = (c: ChoiceRow) => `${c.list_name}/${c.name}`;
  const a = new Map(deployed.map((c) => [key(c), c]));
  const b = new Map(local.map((c) => [key(c), c]));
  const changes: Change[] = [];
  for (const [k, c] of b) {
    if (!a.has(k)) changes.push({ kind: "added", what: `choice ${k}` });
    else if (labelOf(a.get(k)!) !== labelOf(c)) changes.push({ kind: "changed", what: `choice ${k}.label` });
  }
  for (const k of a.keys()) if (!b.has(k)) changes.push({ kind: "removed", what: `choice ${k}` });
  return changes;
}

function lintLocal(content: FormContent): string[] {
  // XLSForm mistakes that KoboToolbox accepts but that break analysis later
  const warnings: string[] = [];
  const names = new Set<string>();
  for (const row of content.survey) {
    if (!row.name) continue;
    if (names.has(row.name)) warnings.push(`duplicate name ${row.name}`);
    names.add(row.name);
    if (/^select_(one|multiple)\s/.test(row.type)) {
      const list = row.type.split(/\s+/)[1];
      if (!(content.choices ?? []).some((c) => c.list_name === list)) warnings.push(`${row.name}: choice list ${list} missing`);
    }
    if (row.name.length > 40) warnings.push(`${row.name}: name longer than 40 characters (SPSS export truncates)`);
    if (/[A-Z]/.test(row.name)) warnings.push(`${row.name}: upper-case letters in name`);
  }
  return warnings;
}

function registry(): RegistryEntry[] {
  return JSON.parse(readFileSync(path.join(ROOT, "forms", "registry.json"), "utf8")) as RegistryEntry[];
}

async function checkOne(entry: RegistryEntry): Promise<number> {
  const [deployed, local] = await Promise.all([deployedContent(entry.asset), localContent(entry.xlsform)]);
  const changes = [...compareSurvey(deployed.content.survey, local.survey), ...compareChoices(deployed.content.choices, local.choices)];
  console.log(`\n${entry.name} (${entry.asset}, deployed ${deployed.version}): ${changes.length} difference(s)`);
  for (const w of lintLocal(local)) console.log(`  lint     ${w}`);
  for (const c of changes) console.log(`  ${c.kind.padEnd(8)} ${c.what}${c.detail ? `  [${c.detail}]` : ""}`);
  const removed = changes.filter((c) => c.kind === "removed" && c.what.startsWith("question"));
  if (removed.length) console.log(`  note: removing questions hides their data in new exports; coordinate with the data manager`);
  return changes.length;
}

async function main(): Promise<void> {
  const ai = process.argv.indexOf("--asset");
  const entries = registry().filter((e) => ai < 0 || e.asset === process.argv[ai + 1]);
  if (!entries.length) throw new Error("no matching asset in forms/registry.json");
  let total = 0;
  for (const e of entries) {
    try {
      total += await checkOne(e);
    } catch (err) {
      console.error(`${e.name}: ${(err as Error).message}`);
      process.exitCode = 2;
    }
  }
  console.log(`\n${total} difference(s) across ${entries.length} form(s)`);
  if (total) console.log("deploy the updated XLSForm from the KoboToolbox UI after review");
  console.log(`checked at ${new Date().toISOString()}`);
  if (total && !process.exitCode) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`kobo-form-check: ${err.message}`);
  process.exit(2);
});
