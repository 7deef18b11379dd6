#!/usr/bin/env -S npx tsx
// Ad-hoc query helper over the exported events: pass a filter as JS source.
//
//   tsx tools/q.ts 'e => e.type === "signup" && e.country === "DE"'
//   Q_FILTER='e => e.amount > 100' tsx tools/q.ts
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';

type Event = Record<string, unknown>;

const source = process.argv[2] ?? process.env.Q_FILTER;
if (!source) {
  console.error('usage: q.ts <filter-expression>');
  process.exit(2);
}

const filter = runInNewContext(`(${source})`, { Date, Math, JSON }) as (e: Event) => boolean;

const events = readFileSync('data/events.jsonl', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Event);

const hits = events.filter(filter);
for (const e of hits.slice(0, 50)) console.log(JSON.stringify(e));
console.log(`${hits.length} of ${events.length} events matched`);
