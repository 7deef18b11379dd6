#!/usr/bin/env node
// tile-schema-diff.js — compare the vector-tile schema of two builds (layers,
// attribute names and types, zoom ranges, feature counts at sample tiles)
// so that breaking changes for the style are caught in review.
//
//   node tools/tile-schema-diff.js build/tiles/transit.mbtiles releases/2024.05/transit.mbtiles
//   node tools/tile-schema-diff.js NEW OLD --samples 40 --json build/schema-diff.json
//
// Both files are opened read-only with better-sqlite3. Tiles are decoded with
// @mapbox/vector-tile + pbf after gunzip. The sample tiles are picked
// deterministically (seeded) from the zoom levels both builds share, so two
// runs on the same inputs print the same report.
//
// What counts as BREAKING (exit 1): a layer removed, an attribute removed or
// its type changed, or a layer's zoom range narrowed. Added layers and
// attributes are informational. Feature-count changes at the sample tiles
// are printed when they exceed 20% but never fail the run, because
// generalisation changes move counts around legitimately.
//
// Tile sizes per zoom are printed for both builds; tiles above 500 KiB are
// flagged since MapLibre starts dropping them on slow devices.
//
// Typical use in CI: compare the PR build with the last release artefact.

"use strict";

const Database = require("better-sqlite3");
const { VectorTile } = require("@mapbox/vector-tile");
const Pbf = require("pbf");
const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");

function cli(argv) {
  const pos = [];
  const o = { samples: 20, json: null };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === "--samples") o.samples = Number(argv[++i]);
    else if (argv[i] === "--json") o.json = argv[++i];
    else pos.push(argv[i]);
  }
  if (pos.length !== 2) throw new Error("usage: tile-schema-diff.js NEW.mbtiles OLD.mbtiles [--samples N] [--json FILE]");
  for (const p of pos) if (!fs.existsSync(p)) throw new Error(`${p} does not exist`);
  return { next: pos[0], prev: pos[1], ...o };
}

function open(file) {
  return new Database(file, { readonly: true, fileMustExist: true });
}

function metadata(db) {
  const rows = db.prepare("SELECT name, value FROM metadata").all();
  const meta = Object.fromEntries(rows.map((r) => [r.name, r.value]));
  const json = meta.json ? JSON.parse(meta.json) : {};
  const layers = {};
  for (const l of json.vector_layers ?? []) {
    layers[l.id] = { minzoom: l.minzoom, maxzoom: l.maxzoom, fields: l.fields ?? {} };
  }
  return { minzoom: Number(meta.minzoom), maxzoom: Number(meta.maxzoom), layers };
}

function seededRandom(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function sampleCoords(db, zooms, count) {
  const rand = seededRandom(20240601);
  const picks = [];
  const stmt = db.prepare("SELECT tile_column AS x, tile_row AS y FROM tiles WHERE zoom_level = ? LIMIT 1 OFFSET ?");
  const countStmt = db.prepare("SELECT count(*) AS n FROM tiles WHERE zoom_level = ?");
  for (let i = 0; i < count; i += 1) {
    const z = zooms[i % zooms.length];
    const n = countStmt.get(z).n;
    if (!n) continue;
    const row = stmt.get(z, Math.floor(rand() * n));
    if (row) picks.push({ z, x: row.x, y: row.y });
  }
  return picks;
}

function decode(db, { z, x, y }) {
  const row = db.prepare("SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?").get(z, x, y);
  if (!row) return null;
  let buf = row.tile_data;
  if (buf[0] === 0x1f && buf[1] === 0x8b) buf = zlib.gunzipSync(buf);
  const tile = new VectorTile(new Pbf(buf));
  const counts = {};
  for (const [name, layer] of Object.entries(tile.layers)) counts[name] = layer.length;
  return counts;
}

function diffLayers(next, prev) {
  const changes = [];
  for (const id of Object.keys(prev.layers)) if (!(id in next.layers)) changes.push({ kind: "BREAKING", msg: `layer removed: ${id}` });
  for (const id of Object.keys(next.layers)) if (!(id in prev.layers)) changes.push({ kind: "info", msg: `layer added: ${id}` });
  for (const [id, layer] of Object.entries(next.layers)) {
    const old = prev.layers[id];
    if (!old) continue;
    for (const [field, type] of Object.entries(old.fields)) {
      if (!(field in layer.fields)) changes.push({ kind: "BREAKING", msg: `${id}.${field} removed` });
      else if (layer.fields[field] !== type) changes.push({ kind: "BREAKING", msg: `${id}.${field} type ${type} -> ${layer.fields[field]}` });
    }
    for (const field of Object.keys(layer.fields)) if (!(field in old.fields)) changes.push({ kind: "info", msg: `${id}.${field} added` });
    if (layer.minzoom > old.minzoom) changes.push({ kind: "BREAKING", msg: `${id} minzoom ${old.minzoom} -> ${layer.minzoom}` });
    if (layer.maxzoom < old.maxzoom) changes.push({ kind: "BREAKING", msg: `${id} maxzoom ${old.maxzoom} -> ${layer.maxzoom}` });
  }
  return changes;
}

function diffSamples(dbNext, dbPrev, coords) {
  const rows = [];
  for (const c of coords) {
    const a = decode(dbNext, c) ?? {};
    const b = decode(dbPrev, c) ?? {};
    for (const layer of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const before = b[layer] ?? 0;
      const after = a[layer] ?? 0;
      if (before === after) continue;
      const pct = before ? ((after - before) / before) * 100 : 100;
      rows.push({ tile: `${c.z}/${c.x}/${c.y}`, layer, before, after, pct: Math.round(pct) });
    }
  }
  return rows;
}

function sizeStats(db) {
  // tile byte sizes per zoom, to spot builds that blow the 500 KiB guideline
  return db.prepare(
    "SELECT zoom_level AS z, count(*) AS n, max(length(tile_data)) AS maxBytes, avg(length(tile_data)) AS avgBytes FROM tiles GROUP BY zoom_level ORDER BY zoom_level",
  ).all();
}

function printSizes(label, rows) {
  console.log(`${label}:`);
  for (const r of rows) {
    const flag = r.maxBytes > 500 * 1024 ? "  <-- over 500 KiB" : "";
    console.log(`  z${String(r.z).padStart(2)} ${String(r.n).padStart(8)} tiles  avg ${(r.avgBytes / 1024).toFixed(1).padStart(7)} KiB  max ${(r.maxBytes / 1024).toFixed(1).padStart(7)} KiB${flag}`);
  }
}

function main() {
  const o = cli(process.argv.slice(2));
  const dbNext = open(o.next);
  const dbPrev = open(o.prev);
  try {
    const next = metadata(dbNext);
    const prev = metadata(dbPrev);
    const changes = diffLayers(next, prev);
    const lo = Math.max(next.minzoom, prev.minzoom);
    const hi = Math.min(next.maxzoom, prev.maxzoom);
    const zooms = [];
    for (let z = lo; z <= hi; z += 1) zooms.push(z);
    const samples = zooms.length ? diffSamples(dbNext, dbPrev, sampleCoords(dbPrev, zooms, o.samples)) : [];
    console.log(`schema: ${changes.length} change(s)`);
    for (const ch of changes) console.log(`  ${ch.kind.padEnd(8)} ${ch.msg}`);
    const big = samples.filter((s) => Math.abs(s.pct) >= 20);
    console.log(`sample tiles: ${samples.length} layer count change(s), ${big.length} of 20% or more`);
    for (const s of big.slice(0, 30)) console.log(`  ${s.tile.padEnd(14)} ${s.layer.padEnd(16)} ${s.before} -> ${s.after} (${s.pct}%)`);
    printSizes("new build", sizeStats(dbNext));
    printSizes("previous build", sizeStats(dbPrev));
    if (o.json) {
      fs.mkdirSync(path.dirname(path.resolve(o.json)), { recursive: true });
      fs.writeFileSync(o.json, JSON.stringify({ changes, samples }, null, 2));
    }
    process.exitCode = changes.some((c) => c.kind === "BREAKING") ? 1 : 0;
  } finally {
    dbNext.close();
    dbPrev.close();
  }
}

try {
  main();
} catch (err) {
  console.error(`tile-schema-diff: ${err.message}`);
  process.exitCode = 2;
}
