#!/usr/bin/env -S npx tsx
// Plan and download HST/JWST calibrated products for our target list from MAST.
//
//   npx tsx tools/mast-fetch.ts targets.csv [--collection JWST] [--download] [--max-gb 20]
//
// 1. resolves each target name with Mast.Name.Lookup
// 2. cone-searches CAOM observations (Mast.Caom.Filtered.Position)
// 3. lists products and keeps calibrated science files (CAL/I2D/DRZ)
// 4. with --download, streams them into data/mast/<target>/ (resumable)
// MAST_TOKEN (optional, for exclusive-access data) is read from .env and sent
// only to mast.stsci.edu in the Authorization header as documented.
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const MAST = 'https://mast.stsci.edu';
const DATA = path.join(ROOT, 'data', 'mast');

type Collection = 'HST' | 'JWST';

interface Target {
  name: string;
  radiusArcmin: number;
}

interface Product {
  obsID: string;
  productFilename: string;
  dataURI: string;
  size: number;
  productSubGroupDescription: string;
  calib_level: number;
}

function token(): string | undefined {
  if (process.env.MAST_TOKEN) return process.env.MAST_TOKEN;
  const envFile = path.join(ROOT, '.env');
  if (!existsSync(envFile)) return undefined;
  const m = /^MAST_TOKEN=(.+)$/m.exec(readFileSync(envFile, 'utf8'));
  return m?.[1].trim();
}

const TOKEN = token();
const headers = (): Record<string, string> => (TOKEN ? { Authorization: `token ${TOKEN}` } : {});

async function invoke<T>(request: Record<string, unknown>): Promise<T> {
  const body = new URLSearchParams({ request: JSON.stringify({ format: 'json', pagesize: 2000, ...request }) });
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const res = await fetch(`${MAST}/api/v0/invoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', ...headers() },
      body,
    });
    if (res.ok) {
      const json = (await res.json()) as { status: string; data: T };
      if (json.status === 'COMPLETE') return json.data;
    }
    await new Promise((done) => setTimeout(done, 1000 * attempt));
  }
  throw new Error(`MAST request ${String(request.service)} did not complete`);
}

function readTargets(file: string): Target[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','))
    .map(([name, r]) => ({ name: name.trim(), radiusArcmin: Number(r ?? 3) || 3 }));
}

async function resolve(name: string): Promise<{ ra: number; dec: number }> {
  const data = await invoke<{ resolvedCoordinate: Array<{ ra: number; decl: number }> }[]>({
    service: 'Mast.Name.Lookup',
    params: { input: name, format: 'json' },
  });
  const c = (data as unknown as { resolvedCoordinate: Array<{ ra: number; decl: number }> }).resolvedCoordinate?.[0];
  if (!c) throw new Error(`could not resolve ${name}`);
  return { ra: c.ra, dec: c.decl };
}

async function observations(ra: number, dec: number, radiusDeg: number, coll: Collection): Promise<string[]> {
  const rows = await invoke<Array<{ obsid: string }>>({
    service: 'Mast.Caom.Filtered.Position',
    params: {
      columns: 'obsid',
      filters: [
        { paramName: 'obs_collection', values: [coll] },
        { paramName: 'dataproduct_type', values: ['image'] },
        { paramName: 'calib_level', values: [3] },
      ],
      position: `${ra}, ${dec}, ${radiusDeg}`,
    },
  });
  return rows.map((r) => r.obsid);
}

async function products(obsids: string[]): Promise<Product[]> {
  if (!obsids.length) return [];
  const rows = await invoke<Product[]>({ service: 'Mast.Caom.Products', params: { obsid: obsids.join(',') } });
  return rows.filter((p) => ['CAL', 'I2D', 'DRZ', 'DRC'].includes(p.productSubGroupDescription));
}

async function download(p: Product, dir: string): Promise<'skipped' | 'downloaded'> {
  const dest = path.join(dir, p.productFilename);
  if (existsSync(dest) && statSync(dest).size === p.size) return 'skipped';
  const url = `${MAST}/api/v0.1/Download/file?uri=${encodeURIComponent(p.dataURI)}`;
  const res = await fetch(url, { headers: headers() });
  if (!res.ok || !res.body) throw new Error(`download ${p.productFilename}: HTTP ${res.status}`);
  const part = `${dest}.part`;
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), createWriteStream(part));
  renameSync(part, dest);
  return 'downloaded';
}

function summariseByFilter(plan: Array<{ target: string; products: Product[] }>): Map<string, number> {
  // filenames look like jw01234-o001_t001_nircam_clear-f200w_i2d.fits
  const counts = new Map<string, number>();
  for (const p of plan.flatMap((x) => x.products)) {
    const m = /_(f\d{3,4}[wmn]\d?)/i.exec(p.productFilename);
    const key = m ? m[1].toUpperCase() : 'other';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function freeSpaceGB(dir: string): number {
  try {
    const { statfsSync } = require('node:fs') as { statfsSync: (p: string) => { bavail: number; bsize: number } };
    const s = statfsSync(dir);
    return (s.bavail * s.bsize) / 1e9;
  } catch {
    return Infinity;
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const file = argv.find((a) => !a.startsWith('--'));
  if (!file) throw new Error('usage: mast-fetch.ts targets.csv [--collection JWST] [--download] [--max-gb N]');
  const coll = (argv.includes('--collection') ? argv[argv.indexOf('--collection') + 1] : 'HST') as Collection;
  const maxGB = argv.includes('--max-gb') ? Number(argv[argv.indexOf('--max-gb') + 1]) : 20;
  const doDownload = argv.includes('--download');
  console.log(`collection ${coll}, token ${TOKEN ? 'present' : 'none (public data only)'}`);

  const plan: Array<{ target: string; products: Product[] }> = [];
  for (const t of readTargets(file)) {
    try {
      const { ra, dec } = await resolve(t.name);
      const obs = await observations(ra, dec, t.radiusArcmin / 60, coll);
      const prods = await products(obs);
      plan.push({ target: t.name, products: prods });
      const gb = prods.reduce((n, p) => n + p.size, 0) / 1e9;
      console.log(`${t.name.padEnd(20)} ${String(obs.length).padStart(4)} obs ${String(prods.length).padStart(5)} files ${gb.toFixed(2)} GB`);
    } catch (e) {
      console.error(`${t.name}: ${(e as Error).message}`);
    }
  }
  mkdirSync(DATA, { recursive: true });
  writeFileSync(path.join(DATA, 'plan.json'), JSON.stringify(plan, null, 2));
  const totalGB = plan.flatMap((p) => p.products).reduce((n, p) => n + p.size, 0) / 1e9;
  console.log(`total ${totalGB.toFixed(2)} GB; plan saved to data/mast/plan.json`);
  for (const [filter, n] of [...summariseByFilter(plan)].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${filter.padEnd(8)} ${n}`);
  }
  if (!doDownload) return;
  if (freeSpaceGB(DATA) < totalGB * 1.1) throw new Error('not enough free disk space for the plan');
  if (totalGB > maxGB) throw new Error(`plan is ${totalGB.toFixed(1)} GB, above --max-gb ${maxGB}`);
  for (const { target, products: prods } of plan) {
    const dir = path.join(DATA, target.replace(/[^\w.-]+/g, '_'));
    mkdirSync(dir, { recursive: true });
    for (const p of prods) {
      const state = await download(p, dir);
      console.log(`  ${state.padEnd(10)} ${p.productFilename}`);
    }
  }
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
