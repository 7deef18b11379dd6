// tools/load-osm.ts - load an OSM extract into the local PostGIS used by the app.
//
//   tsx tools/load-osm.ts --region europe/germany/berlin [--refresh] [--replace]
//
// 1. download <region>-latest.osm.pbf from download.geofabrik.de into data/osm/
//    (resumable via a .part file, verified against the published .md5)
// 2. osmium tags-filter to the layers we need
// 3. ogr2ogr into schema `osm` of the database in DATABASE_URL
//
// --replace drops and recreates the osm.* tables (ogr2ogr -overwrite). It is
// refused unless DATABASE_URL points at localhost or a *.internal dev host
// whose database name ends in _dev.

import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, statSync, renameSync, mkdirSync, readFileSync, unlinkSync, rmSync, mkdtempSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';

const ROOT = path.resolve(__dirname, '..');
const DATA = path.join(ROOT, 'data', 'osm');
const GEOFABRIK = 'https://download.geofabrik.de';

interface Layer {
  table: string;
  filter: string[];
  ogrLayer: 'points' | 'lines' | 'multipolygons';
  where?: string;
}

const LAYERS: readonly Layer[] = [
  { table: 'roads', filter: ['w/highway'], ogrLayer: 'lines', where: "highway IS NOT NULL" },
  { table: 'buildings', filter: ['a/building'], ogrLayer: 'multipolygons' },
  { table: 'pois', filter: ['n/amenity', 'n/shop'], ogrLayer: 'points' },
  { table: 'landuse', filter: ['a/landuse', 'a/leisure'], ogrLayer: 'multipolygons' },
] as const;

interface Options {
  region: string;
  refresh: boolean;
  replace: boolean;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { region: '', refresh: false, replace: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--region') opts.region = argv[++i] ?? '';
    else if (a === '--refresh') opts.refresh = true;
    else if (a === '--replace') opts.replace = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!/^[a-z-]+(\/[a-z-]+)*$/.test(opts.region)) throw new Error('--region like europe/germany/berlin required');
  return opts;
}

function run(cmd: string, args: string[], env?: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    console.log(`$ ${cmd} ${args.map((a) => (a.includes(' ') ? JSON.stringify(a) : a)).join(' ')}`);
    const child = spawn(cmd, args, { stdio: 'inherit', env: env ?? process.env });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}`))));
  });
}

async function md5(file: string): Promise<string> {
  const h = createHash('md5');
  await pipeline(createReadStream(file), h);
  return h.digest('hex');
}

async function download(url: string, dest: string, attempts = 4): Promise<void> {
  const part = `${dest}.part`;
  for (let i = 1; i <= attempts; i++) {
    const have = existsSync(part) ? statSync(part).size : 0;
    try {
      const res = await fetch(url, { headers: have ? { Range: `bytes=${have}-` } : {} });
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const append = have > 0 && res.status === 206;
      await pipeline(Readable.fromWeb(res.body as never), createWriteStream(part, { flags: append ? 'a' : 'w' }));
      renameSync(part, dest);
      return;
    } catch (err) {
      const wait = 2 ** i * 1000;
      console.warn(`download attempt ${i} failed (${(err as Error).message}); retry in ${wait / 1000}s`);
      await new Promise((r) => setTimeout(r, wait));
    }
  }
  throw new Error(`could not download ${url}`);
}

async function ensureExtract(opts: Options): Promise<string> {
  mkdirSync(DATA, { recursive: true });
  const name = `${path.basename(opts.region)}-latest.osm.pbf`;
  const pbf = path.join(DATA, name);
  const sumFile = `${pbf}.md5`;
  const base = `${GEOFABRIK}/${opts.region}-latest.osm.pbf`;
  if (opts.refresh) [pbf, sumFile].forEach((f) => existsSync(f) && unlinkSync(f));
  if (!existsSync(sumFile)) await download(`${base}.md5`, sumFile);
  const expected = readFileSync(sumFile, 'utf8').split(/\s+/)[0];
  if (!existsSync(pbf) || (await md5(pbf)) !== expected) await download(base, pbf);
  const actual = await md5(pbf);
  if (actual !== expected) {
    unlinkSync(pbf);
    throw new Error(`checksum mismatch for ${name}`);
  }
  console.log(`extract ok: ${path.relative(ROOT, pbf)}`);
  return pbf;
}

function checkTarget(replace: boolean): URL {
  const raw = process.env.DATABASE_URL;
  if (!raw) throw new Error('DATABASE_URL not set');
  const url = new URL(raw);
  const dbName = url.pathname.replace(/^\//, '');
  const devHost = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname.endsWith('.internal');
  if (replace && !(devHost && dbName.endsWith('_dev'))) {
    throw new Error(`--replace only against a *_dev database on a dev host (got ${url.hostname}/${dbName})`);
  }
  return url;
}

function pgConn(url: URL): { dsn: string; env: NodeJS.ProcessEnv } {
  const dsn = `PG:host=${url.hostname} port=${url.port || '5432'} dbname=${url.pathname.slice(1)} user=${decodeURIComponent(url.username)}`;
  // password travels via PGPASSWORD, never on the command line
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password) };
  return { dsn, env };
}

async function loadLayer(pbf: string, layer: Layer, work: string, url: URL, replace: boolean): Promise<void> {
  const filtered = path.join(work, `${layer.table}.osm.pbf`);
  await run('osmium', ['tags-filter', pbf, ...layer.filter, '-o', filtered, '--overwrite']);
  const { dsn, env } = pgConn(url);
  const args = ['-f', 'PostgreSQL', dsn, filtered, layer.ogrLayer, '-nln', `osm.${layer.table}`,
    '-lco', 'GEOMETRY_NAME=geom', '-lco', 'SCHEMA=osm', '-t_srs', 'EPSG:3857', '--config', 'PG_USE_COPY', 'YES'];
  if (layer.where) args.push('-where', layer.where);
  args.push(replace ? '-overwrite' : '-append');
  await run('ogr2ogr', args, env);
}

function psqlQuery(url: URL, sql: string): Promise<string> {
  const { env } = pgConn(url);
  return new Promise((resolve, reject) => {
    const child = spawn('psql', [`--host=${url.hostname}`, `--dbname=${url.pathname.slice(1)}`,
      `--username=${decodeURIComponent(url.username)}`, '-At', '-c', sql], { env });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`psql exited ${code}`))));
  });
}

async function verify(url: URL): Promise<void> {
  // read-only row counts so a silent empty import is noticed
  for (const layer of LAYERS) {
    const n = await psqlQuery(url, `SELECT count(*) FROM osm.${layer.table}`);
    const flag = Number(n) === 0 ? '  <- empty!' : '';
    console.log(`  osm.${layer.table.padEnd(10)} ${n.padStart(10)}${flag}`);
  }
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const url = checkTarget(opts.replace);
  const pbf = await ensureExtract(opts);
  const work = mkdtempSync(path.join(tmpdir(), 'load-osm-'));
  try {
    const { env } = pgConn(url);
    await run('psql', [`--host=${url.hostname}`, `--dbname=${url.pathname.slice(1)}`, `--username=${decodeURIComponent(url.username)}`,
      '-v', 'ON_ERROR_STOP=1', '-c', 'CREATE SCHEMA IF NOT EXISTS osm'], env);
    for (const layer of LAYERS) await loadLayer(pbf, layer, work, url, opts.replace);
    await verify(url);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`loaded ${LAYERS.length} layers into ${url.hostname}/${url.pathname.slice(1)} schema osm`);
}

main().catch((err: unknown) => {
  console.error(`load-osm: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
