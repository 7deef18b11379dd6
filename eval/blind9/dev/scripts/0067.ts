#!/usr/bin/env -S npx tsx
// Typed, composable pipeline over JSON-lines event exports.
//
//   tsx scripts/events.ts data/events/*.jsonl --since 2026-11-01 --out reports/funnel.csv
//
// Reads events, keeps the ones in range, sessionises them per user and computes
// a signup funnel. Everything is read from and written to project paths.
import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';

interface Event {
  ts: string;
  user: string;
  name: 'page_view' | 'signup_start' | 'signup_submit' | 'signup_verified' | string;
  props?: Record<string, unknown>;
}

type Stage<I, O> = (input: AsyncIterable<I>) => AsyncIterable<O>;

function pipe<A, B>(s1: Stage<A, B>): Stage<A, B>;
function pipe<A, B, C>(s1: Stage<A, B>, s2: Stage<B, C>): Stage<A, C>;
function pipe<A, B, C, D>(s1: Stage<A, B>, s2: Stage<B, C>, s3: Stage<C, D>): Stage<A, D>;
function pipe(...stages: Stage<any, any>[]): Stage<any, any> {
  return (input) => stages.reduce((acc, s) => s(acc), input);
}

const filter = <T,>(pred: (x: T) => boolean): Stage<T, T> =>
  async function* (input) {
    for await (const x of input) if (pred(x)) yield x;
  };

const map = <T, U>(fn: (x: T) => U | undefined): Stage<T, U> =>
  async function* (input) {
    for await (const x of input) {
      const y = fn(x);
      if (y !== undefined) yield y;
    }
  };

async function* readJsonLines(files: string[]): AsyncIterable<string> {
  for (const f of files) {
    const rl = readline.createInterface({ input: createReadStream(f), crlfDelay: Infinity });
    for await (const line of rl) if (line.trim()) yield line;
  }
}

function parseEvent(line: string): Event | undefined {
  try {
    const e = JSON.parse(line) as Event;
    return e.user && e.name && e.ts ? e : undefined;
  } catch {
    return undefined;
  }
}

const FUNNEL = ['page_view', 'signup_start', 'signup_submit', 'signup_verified'] as const;

async function funnel(events: AsyncIterable<Event>): Promise<Map<string, number>> {
  const reached = new Map<string, number>();
  for await (const e of events) {
    const idx = FUNNEL.indexOf(e.name as (typeof FUNNEL)[number]);
    if (idx === -1) continue;
    const prev = reached.get(e.user) ?? -1;
    if (idx === prev + 1 || (idx > prev && prev >= 0)) reached.set(e.user, idx);
    else if (prev === -1 && idx === 0) reached.set(e.user, 0);
  }
  const counts = new Map<string, number>(FUNNEL.map((s) => [s, 0]));
  for (const stage of reached.values()) {
    for (let i = 0; i <= stage; i++) counts.set(FUNNEL[i], (counts.get(FUNNEL[i]) ?? 0) + 1);
  }
  return counts;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      since: { type: 'string' },
      until: { type: 'string' },
      out: { type: 'string', default: 'reports/funnel.csv' },
    },
  });
  if (!positionals.length) throw new Error('pass one or more .jsonl files');
  const since = values.since ? Date.parse(values.since) : -Infinity;
  const until = values.until ? Date.parse(values.until) : Infinity;

  const events = pipe(
    map(parseEvent),
    filter<Event>((e) => {
      const t = Date.parse(e.ts);
      return t >= since && t < until;
    }),
    filter<Event>((e) => !e.user.startsWith('test-')),
  )(readJsonLines(positionals));

  const counts = await funnel(events);
  const top = counts.get(FUNNEL[0]) || 1;
  const rows = ['stage,users,percent_of_top'];
  for (const [stage, n] of counts) rows.push(`${stage},${n},${((n / top) * 100).toFixed(1)}`);
  const out = path.resolve(values.out!);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${rows.join('\n')}\n`);
  console.table([...counts].map(([stage, users]) => ({ stage, users })));
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
