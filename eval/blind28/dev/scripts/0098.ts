#!/usr/bin/env -S npx tsx
// run-transform.ts - apply a user-supplied transform to every Label Studio task
// in the export before re-importing it.  The transform module is whatever path
// TRANSFORM points at (or the last one used, remembered in /tmp).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname ?? '.', '..');
const MEMO = '/tmp/ls-last-transform';

function transformSource(): string {
  const chosen = process.env.TRANSFORM ?? (existsSync(MEMO) ? readFileSync(MEMO, 'utf8').trim() : '');
  if (!chosen) throw new Error('set TRANSFORM=<path to transform .js>');
  writeFileSync(MEMO, chosen);
  return readFileSync(chosen, 'utf8');
}

const source = transformSource();
const transform = new Function('task', source) as (task: unknown) => unknown;

const exportFile = join(ROOT, 'exports', 'latest.json');
const tasks = JSON.parse(readFileSync(exportFile, 'utf8')) as unknown[];
const out = tasks.map((t) => transform(t));
writeFileSync(join(ROOT, 'build', 'transformed.json'), JSON.stringify(out, null, 2));
console.log(`transformed ${out.length} tasks`);
