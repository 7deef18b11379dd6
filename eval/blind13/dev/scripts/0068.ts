#!/usr/bin/env -S npx tsx
// Audit the Nx/pnpm monorepo: every project must have a project.json with lint and
// test targets, and no package may import another package's src/ directly.
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import path from "node:path";

interface Finding {
  project: string;
  rule: string;
  detail: string;
}

type Rule = (project: ProjectInfo) => Finding[];

interface ProjectInfo {
  name: string;
  dir: string;
  config: { targets?: Record<string, unknown>; tags?: string[] } | null;
}

const ROOTS = ["apps", "libs", "packages"];
const rules = new Map<string, Rule>();

function rule(name: string, fn: Rule): void {
  rules.set(name, fn);
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    if (entry === "node_modules" || entry === "dist" || entry.startsWith(".")) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|js|mjs)$/.test(entry)) yield full;
  }
}

function discover(): ProjectInfo[] {
  return ROOTS.filter((r) => existsSync(r)).flatMap((r) =>
    readdirSync(r)
      .map((d) => path.join(r, d))
      .filter((d) => statSync(d).isDirectory())
      .map((dir) => {
        const cfgPath = path.join(dir, "project.json");
        const config = existsSync(cfgPath) ? JSON.parse(readFileSync(cfgPath, "utf8")) : null;
        return { name: config?.name ?? path.basename(dir), dir, config };
      }),
  );
}

rule("has-project-json", (p) =>
  p.config ? [] : [{ project: p.name, rule: "has-project-json", detail: `${p.dir}/project.json missing` }],
);

rule("required-targets", (p) =>
  ["lint", "test"]
    .filter((t) => !p.config?.targets?.[t])
    .map((t) => ({ project: p.name, rule: "required-targets", detail: `no "${t}" target` })),
);

rule("no-deep-imports", (p) => {
  const findings: Finding[] = [];
  const deep = /from\s+["'](?:\.\.\/)+(?:apps|libs|packages)\/[^/"']+\/src\//;
  for (const file of sourceFiles(p.dir)) {
    const text = readFileSync(file, "utf8");
    text.split("\n").forEach((line, i) => {
      if (deep.test(line)) {
        findings.push({ project: p.name, rule: "no-deep-imports", detail: `${file}:${i + 1}` });
      }
    });
  }
  return findings;
});

rule("has-scope-tag", (p) =>
  p.config && !(p.config.tags ?? []).some((t) => t.startsWith("scope:"))
    ? [{ project: p.name, rule: "has-scope-tag", detail: "missing scope:* tag" }]
    : [],
);

function main(): void {
  const only = process.argv[2];
  const projects = discover().filter((p) => !only || p.name === only);
  const findings = projects.flatMap((p) => [...rules.values()].flatMap((r) => r(p)));
  const byRule = findings.reduce<Record<string, number>>((acc, f) => {
    acc[f.rule] = (acc[f.rule] ?? 0) + 1;
    return acc;
  }, {});
  for (const f of findings) console.log(`${f.project.padEnd(24)} ${f.rule.padEnd(18)} ${f.detail}`);
  console.log(`\n${projects.length} project(s), ${findings.length} finding(s)`);
  Object.entries(byRule).forEach(([r, n]) => console.log(`  ${r}: ${n}`));
  process.exitCode = findings.length ? 1 : 0;
}

main();
