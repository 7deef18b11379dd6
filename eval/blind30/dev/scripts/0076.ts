#!/usr/bin/env -S npx tsx
/**
 * Sync REDCap records of the cohort study into data/raw/redcap/ (incremental).
 *
 *   npx tsx tools/redcap-sync.ts                # records changed since the last sync
 *   npx tsx tools/redcap-sync.ts --full         # everything
 *   npx tsx tools/redcap-sync.ts --instrument baseline --instrument labs
 *
 * REDCap takes the API token as a form field; it is read from .env (REDCAP_API_TOKEN)
 * and sent only to REDCAP_API_URL (our REDCap at https://redcap.internal/api/).
 * Records are validated against the data dictionary before they are written, and the
 * sync state (last timestamp) is kept in data/raw/redcap/.state.json.
 */
import { readFileSync, existsSync, mkdirSync, writeFileSync, renameSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(ROOT, "data", "raw", "redcap");
const STATE_FILE = path.join(OUT, ".state.json");

type RecordRow = Record<string, string>;

interface FieldMeta {
  field_name: string;
  form_name: string;
  field_type: string;
  text_validation_type_or_show_slider_number: string;
  text_validation_min: string;
  text_validation_max: string;
  select_choices_or_calculations: string;
  required_field: string;
}

interface SyncState {
  lastSync: string | null;
  runs: { at: string; records: number; instruments: string[] }[];
}

interface Options {
  full: boolean;
  instruments: string[];
  dryRun: boolean;
}

function parseOptions(argv: string[]): Options {
  const opts: Options = { full: false, instruments: [], dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case "--full": opts.full = true; break;
      case "--dry-run": opts.dryRun = true; break;
      case "--instrument": opts.instruments.push(argv[++i]); break;
      default: throw new Error(`unknown option ${argv[i]}`);
    }
  }
  return opts;
}

function dotenv(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  const env: Record<string, string> = {};
  if (!existsSync(file)) return env;
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) env[m[1]] = m[2].replace(/^(['"])(.*)\1$/, "$2");
  }
  return env;
}

const env = { ...dotenv(), ...process.env } as Record<string, string | undefined>;

function required(name: string): string {
  const v = env[name];
  if (!v) throw new Error(`${name} missing (see .env.example)`);
  return v;
}

const API_URL = required("REDCAP_API_URL");

async function redcap<T>(fields: Record<string, string>): Promise<T> {
  const body = new URLSearchParams({ token: required("REDCAP_API_TOKEN"), format: "json", returnFormat: "json", ...fields });
  let delay = 1500;
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(API_URL, { method: "POST", body });
    if (res.ok) return (await res.json()) as T;
    if (attempt < 5 && (res.status === 429 || res.status >= 500)) {
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
      continue;
    }
    throw new Error(`REDCap ${fields.content}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  }
}

function loadState(): SyncState {
  if (!existsSync(STATE_FILE)) return { lastSync: null, runs: [] };
  return JSON.parse(readFileSync(STATE_FILE, "utf8")) as SyncState;
}

function saveState(state: SyncState): void {
  const tmp = `${STATE_FILE}.tmp`;
  writeFileSync(tmp, JSON.stringify(state, null, 2));
  renameSync(tmp, STATE_FILE);
}

function redcapTimestamp(d: Date): string {
  // REDCap expects "YYYY-MM-DD HH:MM:SS" in the server's local time; our server runs UTC.
  return d.toISOString().replace("T", " ").slice(0, 19);
}

type Validator = (value: string, meta: FieldMeta) => string | null;

const validators: Record<string, Validator> = {
  integer: (v) => (/^-?\d+$/.test(v) ? null : "not an integer"),
  number: (v) => (/^-?\d+(\.\d+)?$/.test(v) ? null : "not a number"),
  date_ymd: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? null : "not YYYY-MM-DD"),
  email: (v) => (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v) ? null : "not an email"),
};

function choiceCodes(meta: FieldMeta): Set<string> {
  return new Set(
    meta.select_choices_or_calculations
      .split("|")
      .map((c) => c.split(",")[0].trim())
      .filter(Boolean),
  );
}

function validate(rows: RecordRow[], dictionary: FieldMeta[]): string[] {
  const problems: string[] = [];
  const byName = new Map(dictionary.map((f) => [f.field_name, f]));
  for (const row of rows) {
    for (const [field, value] of Object.entries(row)) {
      if (value === "") continue;
      const meta = byName.get(field.replace(/___\w+$/, ""));
      if (!meta) continue;
      const type = meta.text_validation_type_or_show_slider_number;
      const check = validators[type];
      const err = check?.(value, meta);
      if (err) problems.push(`${row.record_id}.${field}: ${err} (${value})`);
      if (["radio", "dropdown"].includes(meta.field_type) && !choiceCodes(meta).has(value)) {
        problems.push(`${row.record_id}.${field}: code ${value} not in choices`);
      }
      if (type === "integer" || type === "number") {
        const n = Number(value);
        if (meta.text_validation_min && n < Number(meta.text_validation_min)) problems.push(`${row.record_id}.${field}: below min`);
        if (meta.text_validation_max && n > Number(meta.text_validation_max)) problems.push(`${row.record_id}.${field}: above max`);
      }
    }
  }
  return problems;
}

function writeJsonl(file: string, rows: RecordRow[]): void {
  const tmp = `${file}.part`;
  writeFileSync(tmp, rows.map((r) => JSON.stringify(r)).join("\n") + (rows.length ? "\n" : ""));
  renameSync(tmp, file);
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  mkdirSync(OUT, { recursive: true });
  const state = loadState();
  const started = new Date();

  const [project, dictionary] = await Promise.all([
    redcap<{ project_title: string; is_longitudinal: number }>({ content: "project" }),
    redcap<FieldMeta[]>({ content: "metadata" }),
  ]);
  const instruments = opts.instruments.length ? opts.instruments : [...new Set(dictionary.map((f) => f.form_name))];
  console.error(`${project.project_title}: ${instruments.length} instrument(s), ${opts.full || !state.lastSync ? "full" : `since ${state.lastSync}`}`);

  const fields: Record<string, string> = { content: "record", type: "flat", rawOrLabel: "raw", exportSurveyFields: "true" };
  instruments.forEach((name, i) => { fields[`forms[${i}]`] = name; });
  if (!opts.full && state.lastSync) fields.dateRangeBegin = state.lastSync;
  const rows = await redcap<RecordRow[]>(fields);

  const problems = validate(rows, dictionary);
  for (const p of problems.slice(0, 30)) console.warn(`  ${p}`);
  if (problems.length > 30) console.warn(`  ... ${problems.length - 30} more`);

  if (opts.dryRun) {
    console.error(`dry run: ${rows.length} record row(s) would be written`);
    return;
  }
  const stamp = started.toISOString().replace(/[:.]/g, "-");
  const file = path.join(OUT, `records-${stamp}.jsonl`);
  writeJsonl(file, rows);
  writeFileSync(path.join(OUT, `validation-${stamp}.txt`), problems.join("\n") + "\n");
  state.lastSync = redcapTimestamp(started);
  state.runs.push({ at: started.toISOString(), records: rows.length, instruments });
  state.runs = state.runs.slice(-50);
  saveState(state);
  console.error(`wrote ${path.relative(ROOT, file)} (${rows.length} rows, ${problems.length} validation issue(s))`);
}

main().catch((err: Error) => {
  console.error(`redcap-sync: ${err.message}`);
  process.exit(1);
});
