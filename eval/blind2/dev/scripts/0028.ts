#!/usr/bin/env -S npx tsx
/**
 * Codemod: replace the deprecated `logger.warn(msg, meta)` two-argument form with
 * the structured `logger.warn({ ...meta, msg })` form, and `moment()` date helpers
 * with `date-fns` equivalents.  Writes a summary to codemod-report.json.
 *
 *   npx tsx scripts/codemod-logger.ts [--check] [paths...]
 */
import { readFileSync, writeFileSync, readdirSync, statSync } from "node:fs";
import { extname, join, relative } from "node:path";

type Rule = { id: string; pattern: RegExp; replace: (...m: string[]) => string };

const RULES: Rule[] = [
  {
    id: "logger-structured",
    pattern: /logger\.(debug|info|warn|error)\(\s*(['"`][^'"`]*['"`])\s*,\s*(\{[^}]*\})\s*\)/g,
    replace: (_all, level, msg, meta) => `logger.${level}({ ...${meta}, msg: ${msg} })`,
  },
  {
    id: "moment-format",
    pattern: /moment\(([^)]*)\)\.format\((['"])YYYY-MM-DD\2\)/g,
    replace: (_all, arg) => `format(${arg || "new Date()"}, "yyyy-MM-dd")`,
  },
  {
    id: "moment-add-days",
    pattern: /moment\(([^)]*)\)\.add\((\d+),\s*['"]days?['"]\)/g,
    replace: (_all, arg, n) => `addDays(${arg || "new Date()"}, ${n})`,
  },
];

const EXTS = new Set([".ts", ".tsx"]);
const IGNORE = new Set(["node_modules", "dist", ".git", "generated"]);

function files(paths: string[]): string[] {
  const out: string[] = [];
  const visit = (p: string) => {
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (!IGNORE.has(name)) visit(join(p, name));
    } else if (EXTS.has(extname(p))) {
      out.push(p);
    }
  };
  paths.forEach(visit);
  return out;
}

function ensureImport(src: string, name: string, from: string): string {
  if (new RegExp(`import[^;]*\\b${name}\\b[^;]*from ['"]${from}['"]`).test(src)) return src;
  return `import { ${name} } from "${from}";\n` + src;
}

function transform(src: string): { out: string; hits: Record<string, number> } {
  const hits: Record<string, number> = {};
  let out = src;
  for (const rule of RULES) {
    out = out.replace(rule.pattern, (...m) => {
      hits[rule.id] = (hits[rule.id] ?? 0) + 1;
      return rule.replace(...(m.slice(0, -2) as string[]));
    });
  }
  if (hits["moment-format"]) out = ensureImport(out, "format", "date-fns");
  if (hits["moment-add-days"]) out = ensureImport(out, "addDays", "date-fns");
  return { out, hits };
}

function main(): void {
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  const targets = args.filter((a) => !a.startsWith("--"));
  const report: Record<string, Record<string, number>> = {};
  let changed = 0;

  for (const file of files(targets.length ? targets : ["src"])) {
    const src = readFileSync(file, "utf8");
    const { out, hits } = transform(src);
    if (out === src) continue;
    changed++;
    report[relative(process.cwd(), file)] = hits;
    if (!check) writeFileSync(file, out);
  }

  writeFileSync("codemod-report.json", JSON.stringify(report, null, 2) + "\n");
  console.log(`${changed} file(s) ${check ? "need changes" : "updated"}`);
  if (check && changed) process.exit(1);
}

main();
