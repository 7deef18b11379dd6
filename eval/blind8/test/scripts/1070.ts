#!/usr/bin/env -S npx tsx
// Run Knex migrations against the local Postgres and roll back the last batch on request.
import knex, { Knex } from 'knex';

const DEFAULT_CONN = {
  host: '127.0.0.1',
  port: 5432,
  user: 'dev',
  password: 'dev',
  database: 'orders_dev',
};

function config(): Knex.Config {
  const conn = process.env.DATABASE_URL ?? DEFAULT_CONN;
  return {
    client: 'pg',
    connection: conn,
    migrations: { directory: './db/migrations', tableName: 'knex_migrations', extension: 'ts' },
    pool: { min: 0, max: 2 },
  };
}

function assertLocal(cfg: Knex.Config): void {
  const c = cfg.connection as string | typeof DEFAULT_CONN;
  const host = typeof c === 'string' ? new URL(c).hostname : c.host;
  const db = typeof c === 'string' ? new URL(c).pathname.slice(1) : c.database;
  if (!['127.0.0.1', 'localhost'].includes(host)) throw new Error(`not a local host: ${host}`);
  if (!/_(dev|test)$/.test(db)) throw new Error(`not a dev/test database: ${db}`);
}

async function main(): Promise<void> {
  const cfg = config();
  assertLocal(cfg);
  const db = knex(cfg);
  try {
    if (process.argv.includes('--rollback')) {
      const [batch, files] = await db.migrate.rollback();
      console.log(`rolled back batch ${batch}: ${files.join(', ') || 'nothing'}`);
      return;
    }
    const [batch, files] = await db.migrate.latest();
    console.log(files.length ? `batch ${batch}: ${files.join(', ')}` : 'already up to date');
    const [{ count }] = await db('orders').count<{ count: string }[]>({ count: '*' });
    console.log(`orders table has ${count} rows`);
  } finally {
    await db.destroy();
  }
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(1);
});
