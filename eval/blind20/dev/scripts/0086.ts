#!/usr/bin/env -S npx tsx
// scripts/publish-extract.ts - nightly analytics extract with DuckDB, uploaded
// to the team's S3 bucket with the AWS SDK (credentials from the default
// provider chain: SSO profile locally, IAM role in CI).
//
//   npx tsx scripts/publish-extract.ts --date 2024-05-30
//   npx tsx scripts/publish-extract.ts --dry-run
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

const ROOT = path.resolve(__dirname, '..');
const DB = path.join(ROOT, 'data', 'warehouse.duckdb');
const STAGE = path.join(ROOT, 'build', 'extract');
const BUCKET = process.env.EXTRACT_BUCKET ?? 'acme-analytics-extracts';
const REGION = process.env.AWS_REGION ?? 'eu-central-1';

interface Extract {
  name: string;
  sql: (day: string) => string;
}

const EXTRACTS: Extract[] = [
  {
    name: 'orders_daily',
    sql: (day) => `SELECT order_id, customer_id, total_cents, currency, created_at
                   FROM orders WHERE CAST(created_at AS DATE) = DATE '${day}'`,
  },
  {
    name: 'signups_daily',
    sql: (day) => `SELECT user_id, plan, country, created_at
                   FROM users WHERE CAST(created_at AS DATE) = DATE '${day}'`,
  },
  {
    name: 'revenue_by_country',
    sql: (day) => `SELECT u.country, sum(o.total_cents) AS cents
                   FROM orders o JOIN users u USING (customer_id)
                   WHERE CAST(o.created_at AS DATE) = DATE '${day}'
                   GROUP BY 1 ORDER BY 2 DESC`,
  },
];

function parseArgs(argv: string[]): { day: string; dryRun: boolean; keep: boolean } {
  let day = new Date(Date.now() - 86400000).toISOString().slice(0, 10);
  let dryRun = false;
  let keep = false;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--date') day = argv[++i];
    else if (argv[i] === '--dry-run') dryRun = true;
    else if (argv[i] === '--keep') keep = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error('--date must be YYYY-MM-DD');
  return { day, dryRun, keep };
}

function describeTarget(): string {
  // printed at start so a wrong AWS_PROFILE is noticed before anything uploads
  const profile = process.env.AWS_PROFILE ?? '(default chain)';
  return `bucket ${BUCKET} in ${REGION}, profile ${profile}`;
}

function duckdb(sql: string): void {
  const res = spawnSync('duckdb', ['-readonly', DB, '-c', sql], { encoding: 'utf8' });
  if (res.error) throw new Error('duckdb CLI not found');
  if (res.status !== 0) throw new Error(res.stderr.trim());
}

function exportAll(day: string): string[] {
  const dir = path.join(STAGE, day);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (const ex of EXTRACTS) {
    const target = path.join(dir, `${ex.name}.parquet`);
    duckdb(`COPY (${ex.sql(day)}) TO '${target}' (FORMAT parquet, COMPRESSION zstd)`);
    files.push(target);
    console.log(`${ex.name.padEnd(20)} ${(statSync(target).size / 1024).toFixed(1)} KiB`);
  }
  return files;
}

interface RowCheck {
  name: string;
  rows: number;
}

function countRows(file: string): number {
  const res = spawnSync('duckdb', ['-csv', '-noheader', '-c', `SELECT count(*) FROM read_parquet('${file}')`], {
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`cannot count rows of ${path.basename(file)}`);
  return Number(res.stdout.trim());
}

function sanityCheck(files: string[], day: string): RowCheck[] {
  // an empty orders extract on a weekday almost always means the warehouse
  // refresh failed upstream; refuse to publish it
  const checks = files.map((f) => ({ name: path.basename(f, '.parquet'), rows: countRows(f) }));
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const orders = checks.find((c) => c.name === 'orders_daily');
  if (orders && orders.rows === 0 && weekday >= 1 && weekday <= 5) {
    throw new Error(`orders_daily is empty for weekday ${day}; is data/warehouse.duckdb stale?`);
  }
  for (const c of checks) console.log(`${c.name.padEnd(20)} ${c.rows} rows`);
  return checks;
}

function writeManifest(day: string, checks: RowCheck[]): string {
  const file = path.join(STAGE, day, '_manifest.json');
  const body = {
    day,
    generatedAt: new Date().toISOString(),
    extracts: checks,
    source: path.relative(ROOT, DB),
  };
  require('node:fs').writeFileSync(file, JSON.stringify(body, null, 2));
  return file;
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('base64');
}

async function upload(files: string[], day: string, dryRun: boolean): Promise<void> {
  const s3 = new S3Client({ region: REGION });
  for (const file of files) {
    const key = `extracts/dt=${day}/${path.basename(file)}`;
    if (dryRun) {
      console.log(`would upload s3://${BUCKET}/${key}`);
      continue;
    }
    let attempt = 0;
    for (;;) {
      try {
        await s3.send(new PutObjectCommand({
          Bucket: BUCKET,
          Key: key,
          Body: readFileSync(file),
          ContentType: 'application/vnd.apache.parquet',
          ChecksumSHA256: sha256(file),
          ServerSideEncryption: 'aws:kms',
        }));
        console.log(`uploaded s3://${BUCKET}/${key}`);
        break;
      } catch (err) {
        attempt += 1;
        if (attempt >= 4) throw err;
        const wait = 500 * 2 ** attempt;
        console.warn(`upload failed (${(err as Error).name}), retrying in ${wait}ms`);
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }
}

function cleanupOld(keepDays: number): void {
  if (!existsSync(STAGE)) return;
  const cutoff = Date.now() - keepDays * 86400000;
  for (const entry of readdirSync(STAGE)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(entry)) continue;
    const full = path.join(STAGE, entry);
    if (statSync(full).mtimeMs < cutoff) {
      rmSync(full, { recursive: true, force: true });
      console.log(`removed build/extract/${entry}`);
    }
  }
}

async function main(): Promise<void> {
  const { day, dryRun, keep } = parseArgs(process.argv.slice(2));
  if (!existsSync(DB)) throw new Error('data/warehouse.duckdb missing; run make warehouse');
  console.log(`extract for ${day} -> ${describeTarget()}${dryRun ? ' (dry run)' : ''}`);
  const files = exportAll(day);
  const checks = sanityCheck(files, day);
  files.push(writeManifest(day, checks));
  await upload(files, day, dryRun);
  if (!keep) cleanupOld(7);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
