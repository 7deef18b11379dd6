#!/usr/bin/env node
// Download TESS light curves for the variable-star targets from MAST.
//
//   node tools/tess-lc.mjs targets.csv [--sectors 1-70] [--dry-run] [--jobs 4]
//
// Uses the MAST API (mast.stsci.edu) to resolve each TIC id to its SPOC
// light-curve products, downloads the *_lc.fits files into data/tess/<tic>/,
// and skips files that are already complete. A MAST_TOKEN in .env (only needed
// for proprietary data) is sent to mast.stsci.edu in the Authorization header.
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAST = 'https://mast.stsci.edu';
const DEST = path.join(ROOT, 'data', 'tess');

function options(argv) {
  const o = { file: null, sectors: [1, 200], dryRun: false, jobs: 4 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--sectors') {
      const [lo, hi] = argv[++i].split('-').map(Number);
      o.sectors = [lo, hi ?? lo];
    } else if (a === '--dry-run') o.dryRun = true;
    else if (a === '--jobs') o.jobs = Math.max(1, Number(argv[++i]));
    else if (!o.file) o.file = a;
    else throw new Error(`unexpected argument: ${a}`);
  }
  if (!o.file) throw new Error('usage: tess-lc.mjs targets.csv [--sectors a-b] [--dry-run] [--jobs N]');
  return o;
}

function token() {
  if (process.env.MAST_TOKEN) return process.env.MAST_TOKEN.trim();
  const f = path.join(ROOT, '.env');
  if (!existsSync(f)) return null;
  const m = /^MAST_TOKEN=(.+)$/m.exec(readFileSync(f, 'utf8'));
  return m ? m[1].trim() : null;
}
const TOKEN = token();
const authHeaders = () => (TOKEN ? { Authorization: `token ${TOKEN}` } : {});

async function invoke(request) {
  const body = new URLSearchParams({ request: JSON.stringify({ format: 'json', pagesize: 5000, ...request }) });
  for (let attempt = 1; attempt <= 5; attempt++) {
    const res = await fetch(new URL('/api/v0/invoke', MAST), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...authHeaders() },
      body,
    });
    if (res.ok) {
      const json = await res.json();
      if (json.status === 'COMPLETE') return json.data ?? [];
    }
    await new Promise((r) => setTimeout(r, 1500 * attempt));
  }
  throw new Error(`MAST ${request.service} did not complete`);
}

function readTargets(file) {
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split(/\n/).map((l) => l.replace(/\r$/, ''));
  const cols = header.toLowerCase().split(',').map((c) => c.trim());
  const iTic = cols.indexOf('tic');
  if (iTic < 0) throw new Error(`${file}: needs a "tic" column`);
  return lines.map((l) => l.split(',')[iTic].trim()).filter((t) => /^\d+$/.test(t));
}

async function observations(tic, sectors) {
  const rows = await invoke({
    service: 'Mast.Caom.Filtered',
    params: {
      columns: 'obsid,sequence_number,target_name',
      filters: [
        { paramName: 'obs_collection', values: ['TESS'] },
        { paramName: 'dataproduct_type', values: ['timeseries'] },
        { paramName: 'target_name', values: [tic] },
        { paramName: 'sequence_number', values: [{ min: sectors[0], max: sectors[1] }] },
      ],
    },
  });
  return rows;
}

async function lcProducts(obsids) {
  if (!obsids.length) return [];
  const rows = await invoke({ service: 'Mast.Caom.Products', params: { obsid: obsids.join(',') } });
  return rows.filter((p) => p.productFilename.endsWith('_lc.fits') && p.productSubGroupDescription === 'LC');
}

async function download(p, dir) {
  const dest = path.join(dir, path.basename(p.productFilename));
  if (existsSync(dest) && statSync(dest).size === Number(p.size)) return 'skip';
  const url = new URL(`/api/v0.1/Download/file?uri=${encodeURIComponent(p.dataURI)}`, MAST);
  const res = await fetch(url, { headers: authHeaders() });
  if (!res.ok || !res.body) throw new Error(`${p.productFilename}: HTTP ${res.status}`);
  const part = `${dest}.part`;
  await pipeline(Readable.fromWeb(res.body), createWriteStream(part));
  renameSync(part, dest);
  return 'ok';
}

async function runPool(tasks, jobs) {
  const results = [];
  let i = 0;
  await Promise.all(
    Array.from({ length: jobs }, async () => {
      while (i < tasks.length) {
        const t = tasks[i++];
        try {
          results.push({ name: t.name, state: await t.run() });
        } catch (e) {
          results.push({ name: t.name, state: 'error', error: e.message });
        }
      }
    }),
  );
  return results;
}

// Quick sanity check of a downloaded light curve: FITS files start with a
// 2880-byte header block whose first card is SIMPLE = T.
function looksLikeFits(file) {
  const fd = readFileSync(file, { encoding: null }).subarray(0, 80).toString('latin1');
  return fd.startsWith('SIMPLE  =') && fd.slice(10, 30).trim().endsWith('T');
}

function verifyAll(manifest) {
  const bad = [];
  for (const [tic, files] of Object.entries(manifest)) {
    for (const f of files) {
      const p = path.join(DEST, tic, f);
      if (existsSync(p) && !looksLikeFits(p)) bad.push(p);
    }
  }
  return bad;
}

function sectorCoverage(manifest) {
  // filenames look like tess2019...-s0014-0000000123456789-0150-s_lc.fits
  const out = {};
  for (const [tic, files] of Object.entries(manifest)) {
    out[tic] = files
      .map((f) => /-s(\d{4})-/.exec(f)?.[1])
      .filter(Boolean)
      .map(Number)
      .sort((a, b) => a - b);
  }
  return out;
}

async function main() {
  const o = options(process.argv.slice(2));
  const tics = readTargets(path.resolve(o.file));
  console.log(`${tics.length} TIC target(s), sectors ${o.sectors[0]}-${o.sectors[1]}, token ${TOKEN ? 'set' : 'not set'}`);
  const tasks = [];
  const manifest = {};
  for (const tic of tics) {
    const obs = await observations(tic, o.sectors);
    const prods = await lcProducts(obs.map((r) => r.obsid));
    manifest[tic] = prods.map((p) => p.productFilename);
    console.log(`TIC ${tic}: ${obs.length} sector(s), ${prods.length} light curve(s)`);
    const dir = path.join(DEST, tic);
    for (const p of prods) {
      tasks.push({ name: p.productFilename, run: () => (o.dryRun ? 'planned' : (mkdirSync(dir, { recursive: true }), download(p, dir))) });
    }
  }
  mkdirSync(DEST, { recursive: true });
  writeFileSync(path.join(DEST, 'manifest.json'), JSON.stringify(manifest, null, 2));
  const results = await runPool(tasks, o.jobs);
  const count = (s) => results.filter((r) => r.state === s).length;
  console.log(`downloaded ${count('ok')}, skipped ${count('skip')}, planned ${count('planned')}, errors ${count('error')}`);
  for (const r of results.filter((x) => x.state === 'error').slice(0, 10)) console.error(`  ${r.name}: ${r.error}`);
  if (!o.dryRun) {
    const bad = verifyAll(manifest);
    for (const b of bad) console.error(`  not a FITS file: ${path.relative(ROOT, b)}`);
    writeFileSync(path.join(DEST, 'coverage.json'), JSON.stringify(sectorCoverage(manifest), null, 2));
  }
  process.exitCode = count('error') ? 1 : 0;
}

main().catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
