#!/usr/bin/env node
// scripts/tiles.js - build the vector tiles for the transit map.
//
// Pipeline (all local, driven by tiles.config.json):
//   1. ogr2ogr each source layer (GTFS-derived GeoPackage, OSM extract) to
//      newline-delimited GeoJSON in .cache/tiles/
//   2. tippecanoe per layer group -> .cache/tiles/<group>.mbtiles
//   3. tile-join the groups -> public/tiles/transit.pmtiles
//
// Steps run with a small concurrency limit; child processes we start are
// tracked and killed on Ctrl-C. .cache/tiles is removed at the end unless
// --keep is passed.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const os = require('node:os');

const ROOT = path.resolve(__dirname, '..');
const CONFIG = path.join(ROOT, 'tiles.config.json');
const CACHE = path.join(ROOT, '.cache', 'tiles');
const OUT_DIR = path.join(ROOT, 'public', 'tiles');

const children = new Set();

function log(msg) {
  const t = new Date().toISOString().slice(11, 19);
  process.stderr.write(`[${t}] ${msg}\n`);
}

function exec(cmd, args, { cwd = ROOT, quiet = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: quiet ? ['ignore', 'ignore', 'pipe'] : 'inherit' });
    children.add(child);
    let stderr = '';
    if (child.stderr) child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', (err) => {
      children.delete(child);
      reject(new Error(`${cmd}: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.slice(0, 3).join(' ')} failed (${signal || code}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

async function limit(n, items, fn) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next;
      next += 1;
      results[i] = await fn(items[i], i);
    }
  }
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return results;
}

function readConfig() {
  const cfg = JSON.parse(fs.readFileSync(CONFIG, 'utf8'));
  if (!Array.isArray(cfg.layers) || !cfg.layers.length) throw new Error('tiles.config.json: no layers');
  for (const layer of cfg.layers) {
    if (!layer.name || !layer.source) throw new Error(`layer needs name and source: ${JSON.stringify(layer)}`);
    const src = path.resolve(ROOT, layer.source);
    if (!src.startsWith(ROOT + path.sep)) throw new Error(`layer ${layer.name}: source must be inside the repo`);
    layer.sourcePath = src;
    layer.group = layer.group || 'base';
  }
  return cfg;
}

function ogrArgs(layer) {
  const out = path.join(CACHE, `${layer.name}.geojsonl`);
  const args = ['-f', 'GeoJSONSeq', out, layer.sourcePath, '-t_srs', 'EPSG:4326', '-overwrite'];
  if (layer.sql) args.push('-dialect', 'sqlite', '-sql', layer.sql);
  else if (layer.sourceLayer) args.push(layer.sourceLayer);
  if (layer.where) args.push('-where', layer.where);
  if (layer.fields) args.push('-select', layer.fields.join(','));
  return { out, args };
}

function tippecanoeArgs(group, layers, cfg) {
  const out = path.join(CACHE, `${group}.mbtiles`);
  const args = ['-o', out, '--force', '--read-parallel', '--no-tile-size-limit'];
  const z = cfg.groups && cfg.groups[group];
  args.push('-Z', String((z && z.minzoom) ?? 4), '-z', String((z && z.maxzoom) ?? 14));
  if (z && z.dropDensest) args.push('--drop-densest-as-needed');
  for (const layer of layers) {
    args.push('-L', JSON.stringify({ file: layer.geojson, layer: layer.name, description: layer.description || '' }));
  }
  return { out, args };
}

async function convertLayers(cfg, jobs) {
  await limit(jobs, cfg.layers, async (layer) => {
    const { out, args } = ogrArgs(layer);
    log(`ogr2ogr ${layer.name}`);
    await exec('ogr2ogr', args);
    layer.geojson = out;
    const size = fs.statSync(out).size;
    if (size === 0) log(`warning: ${layer.name} produced no features`);
  });
}

async function buildGroups(cfg, jobs) {
  const groups = new Map();
  for (const layer of cfg.layers) {
    if (!groups.has(layer.group)) groups.set(layer.group, []);
    groups.get(layer.group).push(layer);
  }
  return limit(jobs, [...groups], async ([group, layers]) => {
    const { out, args } = tippecanoeArgs(group, layers, cfg);
    log(`tippecanoe ${group} (${layers.length} layers)`);
    await exec('tippecanoe', args);
    return out;
  });
}

async function join(parts, cfg) {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const target = path.join(OUT_DIR, `${cfg.name || 'transit'}.pmtiles`);
  const tmp = `${target}.tmp.pmtiles`;
  await exec('tile-join', ['-o', tmp, '--force', '--no-tile-size-limit', ...parts]);
  fs.renameSync(tmp, target);
  return target;
}

async function describe(target) {
  // informational: print the archive header if the pmtiles CLI is present
  try {
    await exec('pmtiles', ['show', target], { quiet: false });
  } catch (err) {
    log(`pmtiles show skipped: ${err.message.split(':')[0]}`);
  }
}

function cleanup(keep) {
  if (keep) {
    log(`kept ${path.relative(ROOT, CACHE)}`);
    return;
  }
  fs.rmSync(CACHE, { recursive: true, force: true });
}

function killChildren(signal) {
  for (const child of children) child.kill('SIGTERM');
  log(`${signal}: stopped ${children.size} child process(es)`);
  process.exit(130);
}

async function main() {
  const argv = new Set(process.argv.slice(2));
  const keep = argv.has('--keep');
  const jobs = Math.max(1, Math.min(4, os.cpus().length - 1));
  process.on('SIGINT', killChildren);
  process.on('SIGTERM', killChildren);
  const cfg = readConfig();
  fs.rmSync(CACHE, { recursive: true, force: true });
  fs.mkdirSync(CACHE, { recursive: true });
  const started = Date.now();
  try {
    await convertLayers(cfg, jobs);
    const parts = await buildGroups(cfg, jobs);
    const target = await join(parts, cfg);
    const mb = (fs.statSync(target).size / 1e6).toFixed(1);
    log(`wrote ${path.relative(ROOT, target)} (${mb} MB) in ${((Date.now() - started) / 1000).toFixed(0)}s`);
    if (argv.has('--show')) await describe(target);
  } finally {
    cleanup(keep);
  }
}

main().catch((err) => {
  log(`error: ${err.message}`);
  process.exit(1);
});
