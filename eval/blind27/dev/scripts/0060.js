#!/usr/bin/env node
// Batch download of PDB entries plus their ligand metadata from RCSB.
//
//   node tools/pdb-fetch.js ids.txt [--format cif|pdb] [--jobs 6] [--refresh]
//
// Files go to data/pdb/<ID>.<fmt>; metadata JSON from data.rcsb.org goes to
// data/pdb/meta/<ID>.json. A small on-disk cache under ~/.cache/pdb-fetch avoids
// re-downloading across projects (the cache belongs to this tool and can be
// wiped with --purge-cache).
'use strict';

const fs = require('fs');
const fsp = require('fs/promises');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const { pipeline } = require('stream/promises');
const { Readable } = require('stream');

const ROOT = path.resolve(__dirname, '..');
const DEST = path.join(ROOT, 'data', 'pdb');
const META = path.join(DEST, 'meta');
const CACHE = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'pdb-fetch');
const FILES_HOST = 'https://files.rcsb.org';
const DATA_HOST = 'https://data.rcsb.org';

function parseArgs(argv) {
  const opts = { list: null, format: 'cif', jobs: 6, refresh: false, purge: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--format') opts.format = argv[++i];
    else if (a === '--jobs') opts.jobs = Math.max(1, Number(argv[++i]));
    else if (a === '--refresh') opts.refresh = true;
    else if (a === '--purge-cache') opts.purge = true;
    else if (!opts.list) opts.list = a;
    else throw new Error(`unexpected argument ${a}`);
  }
  if (!['cif', 'pdb'].includes(opts.format)) throw new Error('--format must be cif or pdb');
  return opts;
}

function readIds(file) {
  const ids = fs
    .readFileSync(file, 'utf8')
    .split(/[\s,]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  const bad = ids.filter((id) => !/^[0-9][A-Z0-9]{3}$/.test(id));
  if (bad.length) throw new Error(`invalid PDB ids: ${bad.join(', ')}`);
  return [...new Set(ids)];
}

async function withRetry(fn, label, tries = 4) {
  let lastErr;
  for (let i = 0; i < tries; i++) {
    try {
      return await fn();
    } catch (e) {
      lastErr = e;
      if (e.status === 404) throw e;
      const wait = 400 * 2 ** i + Math.floor(Math.random() * 200);
      console.error(`  ${label}: ${e.message}; retry in ${wait}ms`);
      await new Promise((r) => setTimeout(r, wait));
    }
  }
  throw lastErr;
}

async function httpGet(url) {
  const res = await fetch(url);
  if (!res.ok) {
    const err = new Error(`HTTP ${res.status} for ${url}`);
    err.status = res.status;
    throw err;
  }
  return res;
}

async function fetchStructure(id, format, refresh) {
  const cached = path.join(CACHE, `${id}.${format}`);
  if (refresh || !fs.existsSync(cached)) {
    await fsp.mkdir(CACHE, { recursive: true });
    const tmp = `${cached}.${process.pid}.part`;
    await withRetry(async () => {
      const res = await httpGet(`${FILES_HOST}/download/${id}.${format}.gz`);
      await pipeline(Readable.fromWeb(res.body), zlib.createGunzip(), fs.createWriteStream(tmp));
    }, `${id}.${format}`);
    await fsp.rename(tmp, cached);
  }
  const out = path.join(DEST, `${id}.${format}`);
  await fsp.copyFile(cached, out);
  return out;
}

async function fetchMeta(id) {
  const entry = await withRetry(async () => (await httpGet(`${DATA_HOST}/rest/v1/core/entry/${id}`)).json(), `${id} meta`);
  const nonpoly = entry.rcsb_entry_container_identifiers?.non_polymer_entity_ids || [];
  const ligands = [];
  for (const ent of nonpoly) {
    try {
      const np = await (await httpGet(`${DATA_HOST}/rest/v1/core/nonpolymer_entity/${id}/${ent}`)).json();
      ligands.push({
        comp_id: np.pdbx_entity_nonpoly?.comp_id,
        name: np.pdbx_entity_nonpoly?.name,
      });
    } catch (e) {
      ligands.push({ entity: ent, error: e.message });
    }
  }
  const meta = {
    id,
    title: entry.struct?.title,
    method: entry.exptl?.[0]?.method,
    resolution: entry.rcsb_entry_info?.resolution_combined?.[0] ?? null,
    released: entry.rcsb_accession_info?.initial_release_date?.slice(0, 10),
    ligands,
  };
  await fsp.writeFile(path.join(META, `${id}.json`), JSON.stringify(meta, null, 2));
  return meta;
}

async function cacheStats() {
  if (!fs.existsSync(CACHE)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const name of await fsp.readdir(CACHE)) {
    if (name.endsWith('.part')) {
      // leftovers from an interrupted run of this tool
      await fsp.rm(path.join(CACHE, name), { force: true });
      continue;
    }
    files++;
    bytes += (await fsp.stat(path.join(CACHE, name))).size;
  }
  return { files, bytes };
}

async function pool(items, jobs, worker) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: jobs }, async () => {
      while (next < items.length) {
        const item = items[next++];
        results.push(await worker(item).catch((e) => ({ id: item, error: e.message })));
      }
    }),
  );
  return results;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.purge) {
    await fsp.rm(CACHE, { recursive: true, force: true });
    console.log(`purged ${CACHE}`);
    if (!opts.list) return;
  }
  if (!opts.list) throw new Error('usage: pdb-fetch.js ids.txt [--format cif|pdb] [--jobs N]');
  const ids = readIds(opts.list);
  await fsp.mkdir(META, { recursive: true });
  const stats = await cacheStats();
  console.log(`${ids.length} entries, ${opts.jobs} parallel downloads; cache ${stats.files} files, ${(stats.bytes / 1e6).toFixed(1)} MB`);

  const results = await pool(ids, opts.jobs, async (id) => {
    const file = await fetchStructure(id, opts.format, opts.refresh);
    const meta = await fetchMeta(id);
    const res = meta.resolution ? `${meta.resolution.toFixed(2)} Å` : meta.method;
    console.log(`${id}  ${res.padEnd(12)} ${meta.ligands.length} ligand(s)  ${path.relative(ROOT, file)}`);
    return meta;
  });

  const failed = results.filter((r) => r.error);
  for (const f of failed) console.error(`FAILED ${f.id}: ${f.error}`);
  const summary = path.join(DEST, 'summary.json');
  await fsp.writeFile(summary, JSON.stringify(results.filter((r) => !r.error), null, 2));
  console.log(`${results.length - failed.length}/${ids.length} ok; summary ${path.relative(ROOT, summary)}`);
  process.exitCode = failed.length ? 1 : 0;
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
