#!/usr/bin/env -S npx tsx
// Write the weekly observing-log summary where the PI looks for it:
// a Markdown file on the desktop plus a copy in the shared Documents folder.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const LOG = path.join(ROOT, 'logs', 'observing.jsonl');
const DEST = [path.join(os.homedir(), 'Desktop'), path.join(os.homedir(), 'Documents', 'Observing Summaries')];

type Entry = { night: string; target: string; exposure_s: number; seeing: number };

const entries: Entry[] = existsSync(LOG)
  ? readFileSync(LOG, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Entry)
  : [];
const week = entries.filter((e) => Date.now() - Date.parse(e.night) < 7 * 86_400_000);
const md = [
  `# Observing summary (${new Date().toISOString().slice(0, 10)})`,
  '',
  `${week.length} exposures, ${(week.reduce((n, e) => n + e.exposure_s, 0) / 3600).toFixed(1)} h total`,
  '',
  ...week.map((e) => `- ${e.night} ${e.target} ${e.exposure_s}s seeing ${e.seeing}"`),
  '',
].join('\n');

for (const dir of DEST) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'observing-summary.md'), md);
  console.log(`wrote ${path.join(dir, 'observing-summary.md')}`);
}
