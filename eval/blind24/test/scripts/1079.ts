#!/usr/bin/env -S npx tsx
/**
 * db/seed.ts -- Drizzle seed for local development and e2e tests.
 *
 *   DATABASE_URL=postgres://app:app@127.0.0.1:5432/shop_dev npx tsx db/seed.ts
 *   npx tsx db/seed.ts --truncate --scale 3
 *
 * The connection string is checked before anything else happens: local host
 * (127.0.0.1, localhost, ::1, or the compose service name "db") and a database
 * name ending in _dev, _e2e or _test. --truncate empties only the tables this
 * seed fills, in dependency order, inside one transaction.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { customers, orders, orderItems, products } from './schema';

type Db = ReturnType<typeof drizzle>;

interface SeedOptions {
  truncate: boolean;
  scale: number;
  seed: number;
}

const LOCAL = new Set(['127.0.0.1', 'localhost', '::1', 'db']);
const NAME_OK = /_(dev|e2e|test)$/;

function parseOptions(argv: string[]): SeedOptions {
  const get = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const scale = Number(get('--scale') ?? 1);
  const seed = Number(get('--seed') ?? 20240601);
  if (!Number.isInteger(scale) || scale < 1 || scale > 20) throw new Error('--scale must be 1..20');
  return { truncate: argv.includes('--truncate'), scale, seed };
}

function checkUrl(raw: string | undefined): URL {
  if (!raw) throw new Error('DATABASE_URL is not set');
  const url = new URL(raw);
  if (!/^postgres(ql)?:$/.test(url.protocol)) throw new Error('DATABASE_URL must be a postgres URL');
  if (!LOCAL.has(url.hostname)) throw new Error(`refusing to seed remote host ${url.hostname}`);
  const name = url.pathname.slice(1);
  if (!NAME_OK.test(name)) throw new Error(`refusing to seed "${name}": expected a _dev/_e2e/_test database`);
  return url;
}

function redacted(url: URL): string {
  const copy = new URL(url.toString());
  if (copy.password) copy.password = 'xxxx';
  return copy.toString();
}

// deterministic PRNG (xorshift32) so e2e tests can rely on ids/names
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return ((x >>> 0) % 1_000_000) / 1_000_000;
  };
}

const FIRST = ['Amara', 'Björn', 'Chiara', 'Dmitri', 'Esi', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jonas'];
const LAST = ['Okoye', 'Lindqvist', 'Romano', 'Petrov', 'Mensah', 'Karimi', 'Vogel', 'Tanaka'];
const ITEMS = [
  ['Espresso beans 1kg', 2490],
  ['Pour-over kettle', 5900],
  ['Ceramic dripper', 2200],
  ['Paper filters (100)', 650],
  ['Hand grinder', 8900],
  ['Milk jug', 1800],
] as const;

async function truncate(db: Db): Promise<void> {
  await db.execute(sql`TRUNCATE ${orderItems}, ${orders}, ${products}, ${customers} RESTART IDENTITY CASCADE`);
  console.log('truncated seeded tables');
}

async function seedProducts(db: Db) {
  const rows = ITEMS.map(([name, priceCents], i) => ({ sku: `SKU-${1000 + i}`, name, priceCents }));
  return db.insert(products).values(rows).onConflictDoNothing({ target: products.sku }).returning({ id: products.id });
}

async function seedCustomers(db: Db, n: number, rand: () => number) {
  const rows = Array.from({ length: n }, (_, i) => {
    const first = FIRST[Math.floor(FIRST.length * rand())];
    const last = LAST[Math.floor(LAST.length * rand())];
    return { name: `${first} ${last}`, email: `customer${i}@example.com`, createdAt: new Date(2024, 0, 1 + i) };
  });
  return db.insert(customers).values(rows).onConflictDoNothing({ target: customers.email }).returning({ id: customers.id });
}

async function seedOrders(db: Db, customerIds: number[], productIds: number[], rand: () => number): Promise<number> {
  let count = 0;
  for (const customerId of customerIds) {
    const n = Math.floor(rand() * 4);
    for (let i = 0; i < n; i++) {
      const [order] = await db
        .insert(orders)
        .values({ customerId, status: rand() < 0.85 ? 'paid' : 'cancelled' })
        .returning({ id: orders.id });
      const lines = 1 + Math.floor(rand() * 3);
      await db.insert(orderItems).values(
        Array.from({ length: lines }, () => ({
          orderId: order.id,
          productId: productIds[Math.floor(rand() * productIds.length)],
          quantity: 1 + Math.floor(rand() * 3),
        })),
      );
      count++;
    }
  }
  return count;
}

async function tableCounts(db: Db): Promise<Record<string, number>> {
  const res = await db.execute(sql`
    SELECT 'customers' AS t, count(*)::int AS n FROM ${customers}
    UNION ALL SELECT 'products', count(*)::int FROM ${products}
    UNION ALL SELECT 'orders', count(*)::int FROM ${orders}
    UNION ALL SELECT 'order_items', count(*)::int FROM ${orderItems}
  `);
  return Object.fromEntries((res.rows as { t: string; n: number }[]).map((r) => [r.t, r.n]));
}

async function waitForDatabase(pool: pg.Pool, attempts = 10): Promise<void> {
  // docker compose may still be starting postgres; retry with backoff
  let delay = 250;
  for (let i = 1; i <= attempts; i++) {
    try {
      const client = await pool.connect();
      client.release();
      return;
    } catch (err) {
      if (i === attempts) throw err;
      console.log(`database not ready (${(err as Error).message}); retry ${i} in ${delay}ms`);
      await new Promise((done) => setTimeout(done, delay));
      delay = Math.min(delay * 2, 4000);
    }
  }
}

async function assertMigrated(db: Db): Promise<void> {
  const res = await db.execute(sql`
    SELECT count(*)::int AS n FROM information_schema.tables
    WHERE table_schema = 'public' AND table_name IN ('customers', 'products', 'orders', 'order_items')
  `);
  const n = (res.rows[0] as { n: number }).n;
  if (n < 4) throw new Error('schema incomplete; run `npx drizzle-kit migrate` first');
}

async function main(): Promise<void> {
  const opts: SeedOptions = parseOptions(process.argv.slice(2));
  const url = checkUrl(process.env.DATABASE_URL);
  console.log(`seeding ${redacted(url)} (scale ${opts.scale})`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzle(pool);
  const rand = rng(opts.seed);
  try {
    await waitForDatabase(pool);
    await assertMigrated(db);
    await db.transaction(async (tx) => {
      if (opts.truncate) await truncate(tx as unknown as Db);
      const prods = await seedProducts(tx as unknown as Db);
      const custs = await seedCustomers(tx as unknown as Db, 25 * opts.scale, rand);
      const productIds = prods.length ? prods.map((p) => p.id) : (await tx.select({ id: products.id }).from(products)).map((p) => p.id);
      const n = await seedOrders(tx as unknown as Db, custs.map((c) => c.id), productIds, rand);
      console.log(`inserted ${custs.length} customers, ${prods.length} products, ${n} orders`);
    });
    console.table(await tableCounts(db));
  } finally {
    await pool.end();
  }
}

main().catch((err: Error) => {
  console.error(`seed: ${err.message}`);
  process.exitCode = 1;
});
