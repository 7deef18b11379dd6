#!/usr/bin/env -S npx tsx
// Send local build timings to the team's build-metrics collector so we can
// see whether the new turbo cache settings help.
import { readFileSync, existsSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

const COLLECTOR = 'http://metrics.lattice-dev.test:9091/ingest';
const SUMMARY = path.resolve(__dirname, '..', '.turbo', 'runs');

async function main(): Promise<void> {
  if (!existsSync(SUMMARY)) {
    console.log('no turbo run summaries yet (run turbo with --summarize)');
    return;
  }
  const { readdirSync } = await import('node:fs');
  const latest = readdirSync(SUMMARY).sort().at(-1);
  if (!latest) return;
  const summary = JSON.parse(readFileSync(path.join(SUMMARY, latest), 'utf8'));
  const payload = {
    host: hostname(),
    tasks: summary.tasks?.length ?? 0,
    cached: summary.execution?.cached ?? 0,
    durationMs: (summary.execution?.endTime ?? 0) - (summary.execution?.startTime ?? 0),
  };
  await fetch(COLLECTOR, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  console.log(`sent timings for ${payload.tasks} tasks (${payload.cached} cached)`);
}

main().catch((err) => console.error((err as Error).message));
