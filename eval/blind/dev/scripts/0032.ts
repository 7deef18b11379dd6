// Validate every environment config under config/ against the expected shape.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

interface EnvConfig {
  name: string;
  apiBaseUrl: string;
  replicas: number;
  features: Record<string, boolean>;
}

type Problem = { file: string; message: string };

const CONFIG_DIR = "config";
const problems: Problem[] = [];

function check(file: string, raw: unknown): raw is EnvConfig {
  const c = raw as Partial<EnvConfig>;
  const errs: string[] = [];
  if (typeof c.name !== "string" || !c.name) errs.push("name missing");
  if (typeof c.apiBaseUrl !== "string" || !/^https:\/\//.test(c.apiBaseUrl)) errs.push("apiBaseUrl must be https");
  if (!Number.isInteger(c.replicas) || (c.replicas as number) < 1) errs.push("replicas must be >= 1");
  if (typeof c.features !== "object" || c.features === null) errs.push("features must be an object");
  for (const e of errs) problems.push({ file, message: e });
  return errs.length === 0;
}

const files = readdirSync(CONFIG_DIR).filter((f) => f.endsWith(".json"));
let ok = 0;
for (const f of files) {
  const path = join(CONFIG_DIR, f);
  try {
    if (check(path, JSON.parse(readFileSync(path, "utf8")))) ok++;
  } catch (e) {
    problems.push({ file: path, message: `invalid JSON: ${(e as Error).message}` });
  }
}

mkdirSync("reports", { recursive: true });
writeFileSync("reports/config-check.json", JSON.stringify({ ok, problems }, null, 2));
for (const p of problems) console.log(`${p.file}: ${p.message}`);
console.log(`${ok}/${files.length} configs valid`);
process.exitCode = problems.length ? 1 : 0;
