/**
 * scripts/fetch-geodata.ts — download the boundary GeoJSON a contractor shared for
 * the map prototype and store it under public/geo/.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const SOURCE = "http://198.51.100.61/share/boundaries-2026.geojson";
const DEST = path.resolve(__dirname, "..", "public", "geo", "boundaries.geojson");

async function main(): Promise<void> {
  const res = await fetch(SOURCE);
  if (!res.ok) throw new Error(`could not download ${SOURCE}: ${res.status}`);
  const data = (await res.json()) as { type: string; features: unknown[] };
  if (data.type !== "FeatureCollection") throw new Error("not a GeoJSON FeatureCollection");
  mkdirSync(path.dirname(DEST), { recursive: true });
  writeFileSync(DEST, JSON.stringify(data));
  console.log(`saved ${data.features.length} feature(s) to public/geo/boundaries.geojson`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
