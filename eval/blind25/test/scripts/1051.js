#!/usr/bin/env node
/**
 * scripts/style-build.mjs (CommonJS variant) - assemble the MapLibre style
 * from fragments and check it against the PMTiles archives we serve.
 *
 *   node scripts/style-build.js                 build public/style.json
 *   node scripts/style-build.js --check         fail if sources/layers do not match the tiles
 *   node scripts/style-build.js --watch         rebuild when style/ changes
 *
 * Reads style/base.json, style/layers/*.json and style/sprites.json.
 * The PMTiles header and metadata are read from the local files in
 * public/tiles/ with plain fs reads (no network). Output goes to public/.
 */
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const zlib = require('node:zlib');

const ROOT_DIR = path.resolve(__dirname, '..');
const STYLE_DIR = path.join(ROOT_DIR, 'style');
const PUBLIC_DIR = path.join(ROOT_DIR, 'public');
const TILES_DIR = path.join(PUBLIC_DIR, 'tiles');

const HEADER_BYTES = 127;

function info(message) {
  process.stdout.write(`style: ${message}\n`);
}

async function readJson(file) {
  try {
    return JSON.parse(await fsp.readFile(file, 'utf8'));
  } catch (err) {
    throw new Error(`${path.relative(ROOT_DIR, file)}: ${err.message}`);
  }
}

function readUint64(buf, offset) {
  const lo = buf.readUInt32LE(offset);
  const hi = buf.readUInt32LE(offset + 4);
  return hi * 2 ** 32 + lo;
}

async function pmtilesInfo(file) {
  const fh = await fsp.open(file, 'r');
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    await fh.read(header, 0, HEADER_BYTES, 0);
    if (header.toString('ascii', 0, 7) !== 'PMTiles') throw new Error('not a PMTiles v3 archive');
    const metadataOffset = readUint64(header, 24);
    const metadataLength = readUint64(header, 32);
    const internalCompression = header.readUInt8(97);
    const minZoom = header.readUInt8(100);
    const maxZoom = header.readUInt8(101);
    const raw = Buffer.alloc(metadataLength);
    await fh.read(raw, 0, metadataLength, metadataOffset);
    const json = internalCompression === 2 ? zlib.gunzipSync(raw) : raw;
    const metadata = JSON.parse(json.toString('utf8') || '{}');
    const layers = (metadata.vector_layers || []).map((l) => l.id);
    return { minZoom, maxZoom, layers };
  } finally {
    await fh.close();
  }
}

async function loadFragments() {
  const base = await readJson(path.join(STYLE_DIR, 'base.json'));
  const layerDir = path.join(STYLE_DIR, 'layers');
  const files = (await fsp.readdir(layerDir)).filter((f) => f.endsWith('.json')).sort();
  const layers = [];
  for (const f of files) {
    const fragment = await readJson(path.join(layerDir, f));
    const list = Array.isArray(fragment) ? fragment : [fragment];
    for (const layer of list) layers.push({ ...layer, metadata: { ...(layer.metadata || {}), fragment: f } });
  }
  const sprites = await readJson(path.join(STYLE_DIR, 'sprites.json')).catch(() => ({}));
  return { base, layers, sprites };
}

function assemble({ base, layers, sprites }) {
  const style = {
    version: 8,
    name: base.name || 'basemap',
    glyphs: base.glyphs || '/fonts/{fontstack}/{range}.pbf',
    sprite: sprites.url || base.sprite,
    sources: base.sources,
    layers: [...(base.layers || []), ...layers],
  };
  if (!style.sprite) delete style.sprite;
  return style;
}

function duplicateIds(style) {
  const seen = new Set();
  const dups = [];
  for (const l of style.layers) {
    if (seen.has(l.id)) dups.push(l.id);
    seen.add(l.id);
  }
  return dups;
}

async function checkAgainstTiles(style) {
  const problems = [];
  for (const [name, src] of Object.entries(style.sources)) {
    if (src.type !== 'vector' || !src.url || !src.url.startsWith('pmtiles://')) continue;
    const file = path.join(PUBLIC_DIR, src.url.replace('pmtiles://', '').replace(/^\.?\//, ''));
    if (!fs.existsSync(file)) {
      problems.push(`source ${name}: ${path.relative(ROOT_DIR, file)} does not exist`);
      continue;
    }
    const meta = await pmtilesInfo(file);
    const available = new Set(meta.layers);
    for (const layer of style.layers.filter((l) => l.source === name)) {
      const sl = layer['source-layer'];
      if (sl && !available.has(sl)) {
        problems.push(`layer ${layer.id}: source-layer "${sl}" not in ${path.basename(file)} (${meta.layers.join(', ')})`);
      }
      if (layer.minzoom !== undefined && layer.minzoom > meta.maxZoom) {
        problems.push(`layer ${layer.id}: minzoom ${layer.minzoom} above archive maxzoom ${meta.maxZoom}`);
      }
    }
  }
  return problems;
}

async function writeStyle(style) {
  await fsp.mkdir(PUBLIC_DIR, { recursive: true });
  const target = path.join(PUBLIC_DIR, 'style.json');
  const tmp = `${target}.${process.pid}.tmp`;
  await fsp.writeFile(tmp, `${JSON.stringify(style, null, 2)}\n`);
  await fsp.rename(tmp, target);
  return target;
}

async function buildOnce({ check }) {
  const style = assemble(await loadFragments());
  const dups = duplicateIds(style);
  if (dups.length) throw new Error(`duplicate layer ids: ${dups.join(', ')}`);
  const problems = await checkAgainstTiles(style);
  problems.forEach((p) => info(`  ! ${p}`));
  if (check) {
    if (problems.length) throw new Error(`${problems.length} problem(s)`);
    info(`style ok: ${style.layers.length} layers, ${Object.keys(style.sources).length} sources`);
    return;
  }
  const target = await writeStyle(style);
  info(`wrote ${path.relative(ROOT_DIR, target)} (${style.layers.length} layers)`);
}

function watch() {
  let timer = null;
  let running = false;
  const trigger = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (running) return;
      running = true;
      try {
        await buildOnce({ check: false });
      } catch (err) {
        info(`build failed: ${err.message}`);
      } finally {
        running = false;
      }
    }, 200);
  };
  const watcher = fs.watch(STYLE_DIR, { recursive: true }, trigger);
  process.on('SIGINT', () => {
    watcher.close();
    process.exit(0);
  });
  info('watching style/ (Ctrl-C to stop)');
  trigger();
}

async function listTiles() {
  if (!fs.existsSync(TILES_DIR)) return;
  for (const f of (await fsp.readdir(TILES_DIR)).filter((n) => n.endsWith('.pmtiles'))) {
    const meta = await pmtilesInfo(path.join(TILES_DIR, f));
    info(`${f}: z${meta.minZoom}-${meta.maxZoom}, layers ${meta.layers.join(', ') || '-'}`);
  }
}

async function main() {
  const args = new Set(process.argv.slice(2));
  if (args.has('--tiles')) return listTiles();
  if (args.has('--watch')) return watch();
  return buildOnce({ check: args.has('--check') });
}

main().catch((err) => {
  process.stderr.write(`style: ${err.message}\n`);
  process.exitCode = 1;
});
