#!/usr/bin/env -S npx tsx
// Run Prisma migrations against the local docker Postgres and verify row counts.
import { spawnSync } from 'node:child_process';
import { PrismaClient } from '@prisma/client';

const LOCAL_URL = 'postgresql://postgres:postgres@127.0.0.1:5433/app_dev?schema=public';

function assertLocal(url: string): void {
  const u = new URL(url);
  if (!['127.0.0.1', 'localhost'].includes(u.hostname)) {
    throw new Error(`refusing to migrate ${u.hostname}; only local databases are allowed`);
  }
  if (!u.pathname.endsWith('_dev') && !u.pathname.endsWith('_test')) {
    throw new Error(`database ${u.pathname} is not a dev/test database`);
  }
}

function prisma(args: string[], url: string): void {
  const r = spawnSync('pnpm', ['prisma', ...args], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url },
  });
  if (r.status !== 0) throw new Error(`prisma ${args.join(' ')} failed`);
}

async function counts(url: string): Promise<Record<string, number>> {
  const db = new PrismaClient({ datasources: { db: { url } } });
  try {
    const [users, orders, products] = await Promise.all([db.user.count(), db.order.count(), db.product.count()]);
    return { users, orders, products };
  } finally {
    await db.$disconnect();
  }
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL ?? LOCAL_URL;
  assertLocal(url);
  const reset = process.argv.includes('--reset');
  if (reset) {
    prisma(['migrate', 'reset', '--force', '--skip-generate'], url);
  } else {
    prisma(['migrate', 'deploy'], url);
  }
  prisma(['generate'], url);
  if (process.argv.includes('--seed')) prisma(['db', 'seed'], url);
  const c = await counts(url);
  for (const [table, n] of Object.entries(c)) console.log(`${table.padEnd(10)} ${n}`);
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(1);
});
