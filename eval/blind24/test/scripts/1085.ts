#!/usr/bin/env -S npx tsx
/**
 * quarantine.ts -- manage the flaky-test quarantine list for vitest.
 *
 *   npx tsx scripts/quarantine.ts scan reports/junit/*.xml   # find flaky tests in JUnit reports
 *   npx tsx scripts/quarantine.ts add "cart > applies coupon" --reason "race in timer"
 *   npx tsx scripts/quarantine.ts list
 *   npx tsx scripts/quarantine.ts expire                     # drop entries older than 30 days
 *
 * The list lives in test/quarantine.json and is read by vitest.setup.ts to
 * mark those tests as `retry: 3`. Only that file is written.
 */
import { existsSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';

interface Entry {
  id: string;
  reason: string;
  added: string;
  seen: number;
}

interface Quarantine {
  version: 1;
  entries: Entry[];
}

interface CaseResult {
  id: string;
  failed: boolean;
}

const FILE = path.join(process.cwd(), 'test', 'quarantine.json');
const MAX_AGE_DAYS = 30;

function load(): Quarantine {
  if (!existsSync(FILE)) return { version: 1, entries: [] };
  const data = JSON.parse(readFileSync(FILE, 'utf8')) as Quarantine;
  if (data.version !== 1 || !Array.isArray(data.entries)) throw new Error('test/quarantine.json has an unknown format');
  return data;
}

function save(q: Quarantine): void {
  q.entries.sort((a, b) => a.id.localeCompare(b.id));
  const tmp = `${FILE}.tmp`;
  writeFileSync(tmp, JSON.stringify(q, null, 2) + '\n');
  renameSync(tmp, FILE);
}

function decode(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function parseJUnit(xml: string): CaseResult[] {
  // minimal parser for <testcase classname=".." name=".."> ... <failure ...> ... </testcase>
  const out: CaseResult[] = [];
  const re = /<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(xml))) {
    const attrs = m[1];
    const name = decode((attrs.match(/\bname="([^"]*)"/) ?? [])[1] ?? '');
    const cls = decode((attrs.match(/\bclassname="([^"]*)"/) ?? [])[1] ?? '');
    const body = m[3] ?? '';
    out.push({ id: cls ? `${cls} > ${name}` : name, failed: /<(failure|error)\b/.test(body) });
  }
  return out;
}

function scan(files: string[]): Map<string, { pass: number; fail: number }> {
  const tally = new Map<string, { pass: number; fail: number }>();
  for (const f of files) {
    if (!existsSync(f)) {
      console.warn(`skip missing ${f}`);
      continue;
    }
    for (const c of parseJUnit(readFileSync(f, 'utf8'))) {
      const t = tally.get(c.id) ?? { pass: 0, fail: 0 };
      if (c.failed) t.fail++;
      else t.pass++;
      tally.set(c.id, t);
    }
  }
  return tally;
}

function daysSince(iso: string): number {
  return Math.floor((Date.now() - Date.parse(iso)) / 86_400_000);
}

function cmdScan(files: string[], write: boolean): number {
  const tally = scan(files);
  const flaky = [...tally.entries()].filter(([, t]) => t.pass > 0 && t.fail > 0);
  if (!flaky.length) {
    console.log(`no flaky tests across ${files.length} report(s)`);
    return 0;
  }
  const q = load();
  for (const [id, t] of flaky) {
    const existing = q.entries.find((e) => e.id === id);
    console.log(`${existing ? '~' : '+'} ${id}  (${t.fail} fail / ${t.pass} pass)`);
    if (existing) existing.seen++;
    else q.entries.push({ id, reason: 'detected by scan', added: new Date().toISOString(), seen: 1 });
  }
  if (write) {
    save(q);
    console.log(`quarantine updated (${q.entries.length} entries)`);
  } else {
    console.log('pass --write to record them');
  }
  return 0;
}

function cmdAdd(id: string, reason: string): number {
  if (!id.trim()) throw new Error('test id required');
  const q = load();
  if (q.entries.some((e) => e.id === id)) {
    console.log('already quarantined');
    return 0;
  }
  q.entries.push({ id, reason: reason || 'manual', added: new Date().toISOString(), seen: 0 });
  save(q);
  console.log(`quarantined "${id}"`);
  return 0;
}

function cmdList(): number {
  const q = load();
  if (!q.entries.length) {
    console.log('quarantine is empty');
    return 0;
  }
  for (const e of q.entries) {
    const age = daysSince(e.added);
    console.log(`${String(age).padStart(3)}d  seen ${String(e.seen).padStart(2)}x  ${e.id}  — ${e.reason}`);
  }
  const stale = q.entries.filter((e) => daysSince(e.added) > MAX_AGE_DAYS).length;
  if (stale) console.log(`\n${stale} entr${stale === 1 ? 'y is' : 'ies are'} older than ${MAX_AGE_DAYS} days; fix or expire them`);
  return 0;
}

function cmdExpire(): number {
  const q = load();
  const before = q.entries.length;
  q.entries = q.entries.filter((e) => daysSince(e.added) <= MAX_AGE_DAYS);
  save(q);
  console.log(`expired ${before - q.entries.length} entr${before - q.entries.length === 1 ? 'y' : 'ies'}`);
  return 0;
}

function main(): number {
  const [cmd, ...rest] = process.argv.slice(2);
  const flag = (name: string) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest.splice(i, 2)[1] ?? '' : '';
  };
  switch (cmd) {
    case 'scan': {
      const write = rest.includes('--write');
      return cmdScan(rest.filter((r) => r !== '--write'), write);
    }
    case 'add': {
      const reason = flag('--reason');
      return cmdAdd(rest.join(' '), reason);
    }
    case 'list':
      return cmdList();
    case 'expire':
      return cmdExpire();
    default:
      console.error('usage: quarantine.ts scan|add|list|expire');
      return 2;
  }
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`quarantine: ${(err as Error).message}`);
  process.exitCode = 1;
}
