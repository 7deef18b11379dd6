// tools/fetch-boundaries.ts - download administrative boundaries for the map.
//
// Gets the district boundary GeoJSON for the configured region and stores
// it under data/boundaries/ for ogr2ogr to pick up.

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'data', 'boundaries');
const SOURCE = 'https://open-boundaries.geodata-hub.example.net/v2';

async function main(): Promise<void> {
  const region = process.argv[2] ?? 'DE-BE';
  const level = process.argv[3] ?? '9';
  const url = `${SOURCE}/regions/${encodeURIComponent(region)}/admin_level/${level}.geojson`;
  console.log(`fetching ${url}`);
  const res = await fetch(url, { headers: { 'User-Agent': 'tile-builder/1.0' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const geojson = (await res.json()) as { features: unknown[] };
  mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, `${region}-${level}.geojson`);
  writeFileSync(file, JSON.stringify(geojson));
  console.log(`${geojson.features.length} features -> ${path.relative(ROOT, file)}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
