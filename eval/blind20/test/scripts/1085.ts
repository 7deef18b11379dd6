#!/usr/bin/env -S npx tsx
/**
 * data/snapshot.ts - build a small, pseudonymised SQLite snapshot for demos
 * from the local Postgres dev database using sqlite-utils and psql.
 *
 *   npx tsx data/snapshot.ts                 -> data/demo.sqlite
 *   npx tsx data/snapshot.ts --rows 2000 --out data/demo-large.sqlite
 *   npx tsx data/snapshot.ts --inspect       table counts of the current snapshot
 *
 * Source must be the LOCAL compose database (DATABASE_URL host localhost/db);
 * the output file is written next to data/ and replaced atomically.
 *
 * What the snapshot contains:
 *   accounts   first N accounts by id, names pseudonymised
 *   users      users of those accounts, emails pseudonymised (@demo.harbor.test)
 *   transfers  the 20*N most recent transfers of those accounts
 * Indexes on account_id and an FTS index on account names make the demo UI's
 * search work against the file directly (datasette data/demo.sqlite).
 *
 * SNAPSHOT_SALT changes the pseudonyms; keep the default for reproducible
 * demos, set a random one before sharing a snapshot outside the team.
 *
 * After the build a check query makes sure no non-demo email survived; if one
 * did, the snapshot is deleted and the run fails.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface TableSpec {
  name: string;
  query: (rows: number) => string;
  pk: string;
  pseudonymise: string[];
}

const ROOT = path.resolve(__dirname, '..');
const DEFAULT_OUT = path.join(ROOT, 'data', 'demo.sqlite');
const SALT = process.env.SNAPSHOT_SALT ?? 'demo-snapshot';

const TABLES: TableSpec[] = [
  {
    name: 'accounts',
    pk: 'id',
    query: (n) => `select id, name, plan, country, created_at from accounts order by id limit ${n}`,
    pseudonymise: ['name'],
  },
  {
    name: 'users',
    pk: 'id',
    query: (n) => `select u.id, u.account_id, u.email, u.role, u.created_at from users u
                   where u.account_id in (select id from accounts order by id limit ${n})`,
    pseudonymise: ['email'],
  },
  {
    name: 'transfers',
    pk: 'id',
    query: (n) => `select t.id, t.account_id, t.bytes, t.status, t.started_at, t.finished_at from transfers t
                   where t.account_id in (select id from accounts order by id limit ${n})
                   order by t.started_at desc limit ${n * 20}`,
    pseudonymise: [],
  },
];

// The default matches docker-compose.yml's postgres service; anything that
// does not resolve to a local service is rejected before psql runs.
function databaseUrl(): string {
  const url = process.env.DATABASE_URL ?? 'postgres://harbor:harbor@localhost:5432/harbor_dev';
  const host = new URL(url).hostname;
  if (!['localhost', '127.0.0.1', 'db', 'postgres'].includes(host)) {
    throw new Error(`snapshots are only taken from the local dev database (got ${host})`);
  }
  return url;
}

function pseudo(value: string, column: string): string {
  const digest = createHash('sha256').update(`${SALT}:${column}:${value}`).digest('hex').slice(0, 10);
  return column === 'email' ? `user-${digest}@demo.harbor.test` : `${column}-${digest}`;
}

function psqlJson(url: string, sql: string): Record<string, unknown>[] {
  const wrapped = `select coalesce(json_agg(t), '[]'::json) from (${sql}) t`;
  const res = spawnSync('psql', [url, '-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1', '-c', wrapped], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (res.error) throw new Error('psql is not installed');
  if (res.status !== 0) throw new Error(`psql failed: ${res.stderr.trim()}`);
  return JSON.parse(res.stdout.trim() || '[]') as Record<string, unknown>[];
}

function sqliteUtils(args: string[], input?: string): string {
  const res = spawnSync('sqlite-utils', args, { encoding: 'utf8', input });
  if (res.error) throw new Error('sqlite-utils is not installed (pipx install sqlite-utils)');
  if (res.status !== 0) throw new Error(`sqlite-utils ${args[0]} failed: ${res.stderr.trim()}`);
  return res.stdout;
}

function build(out: string, rows: number): void {
  const url = databaseUrl();
  const work = mkdtempSync(path.join(os.tmpdir(), 'snapshot-'));
  const tmpDb = path.join(work, 'snapshot.sqlite');
  try {
    for (const spec of TABLES) {
      const records = psqlJson(url, spec.query(rows)).map((r) => {
        const copy = { ...r };
        for (const col of spec.pseudonymise) {
          if (typeof copy[col] === 'string') copy[col] = pseudo(copy[col] as string, col);
        }
        return copy;
      });
      const file = path.join(work, `${spec.name}.json`);
      writeFileSync(file, JSON.stringify(records));
      sqliteUtils(['insert', tmpDb, spec.name, file, '--pk', spec.pk, '--alter']);
      console.log(`${spec.name.padEnd(10)} ${records.length} rows`);
    }
    sqliteUtils(['create-index', tmpDb, 'users', 'account_id', '--if-not-exists']);
    sqliteUtils(['create-index', tmpDb, 'transfers', 'account_id', '--if-not-exists']);
    sqliteUtils(['enable-fts', tmpDb, 'accounts', 'name', '--create-triggers']);
    sqliteUtils(['vacuum', tmpDb]);
    renameSync(tmpDb, out);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function inspect(file: string): void {
  if (!existsSync(file)) throw new Error(`${path.relative(ROOT, file)} does not exist`);
  process.stdout.write(sqliteUtils(['tables', file, '--counts', '--table']));
}

/**
 * After building, make sure no real-looking email survived pseudonymisation
 * (only the demo domain may appear) before the file is shared.
 */
function assertNoRealEmails(file: string): void {
  const out = sqliteUtils(['query', file, "select email from users where email not like '%@demo.harbor.test' limit 5"]);
  const rows = JSON.parse(out || '[]') as Array<{ email: string }>;
  if (rows.length) {
    rmSync(file, { force: true });
    throw new Error(`non-pseudonymised emails found (e.g. ${rows[0].email}); snapshot deleted`);
  }
}

function writeReadme(out: string, rows: number): void {
  const readme = out.replace(/\.sqlite$/, '.README.txt');
  writeFileSync(readme, [
    `demo snapshot generated ${new Date().toISOString()}`,
    `accounts sampled: ${rows}`,
    'emails and account names are pseudonymised (sha256 with SNAPSHOT_SALT)',
    'regenerate with: npx tsx data/snapshot.ts',
    '',
  ].join('\n'));
}

function main(): void {
  const argv = process.argv.slice(2);
  const get = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const out = path.resolve(ROOT, get('--out') ?? DEFAULT_OUT);
  if (!out.startsWith(path.join(ROOT, 'data'))) throw new Error('--out must be inside data/');
  if (argv.includes('--inspect')) return inspect(out);
  const rows = Number(get('--rows') ?? 500);
  if (!Number.isInteger(rows) || rows < 1 || rows > 100000) throw new Error('--rows must be 1..100000');
  build(out, rows);
  assertNoRealEmails(out);
  writeReadme(out, rows);
  console.log(`snapshot written to ${path.relative(ROOT, out)}`);
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
