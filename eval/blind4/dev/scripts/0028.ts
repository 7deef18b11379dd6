// scripts/stripe-reconcile.ts
// Compare the last 7 days of Stripe charges with orders in the local dev DB.
// Needs STRIPE_SECRET_KEY (test mode) and DATABASE_URL in the environment.
import { Client } from 'pg';

const STRIPE_API = 'https://api.stripe.com/v1';

interface Charge {
  id: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  created: number;
}

async function listCharges(key: string, since: number): Promise<Charge[]> {
  const out: Charge[] = [];
  let startingAfter: string | undefined;
  for (;;) {
    const params = new URLSearchParams({ limit: '100', 'created[gte]': String(since) });
    if (startingAfter) params.set('starting_after', startingAfter);
    const res = await fetch(`${STRIPE_API}/charges?${params}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    if (!res.ok) throw new Error(`stripe ${res.status}: ${await res.text()}`);
    const page = (await res.json()) as { data: Charge[]; has_more: boolean };
    out.push(...page.data);
    if (!page.has_more) break;
    startingAfter = page.data[page.data.length - 1].id;
  }
  return out;
}

async function main(): Promise<void> {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key?.startsWith('sk_test_')) {
    console.error('set STRIPE_SECRET_KEY to a test-mode key');
    process.exit(2);
  }
  const since = Math.floor(Date.now() / 1000) - 7 * 24 * 3600;
  const charges = await listCharges(key, since);
  const db = new Client({ connectionString: process.env.DATABASE_URL ?? 'postgres://localhost/app_dev' });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string; total_cents: number }>(
      'SELECT id, total_cents FROM orders WHERE created_at >= to_timestamp($1)',
      [since],
    );
    const orders = new Map(rows.map((r) => [r.id, r.total_cents]));
    let mismatched = 0;
    for (const c of charges) {
      const orderId = c.metadata.order_id;
      const expected = orderId ? orders.get(orderId) : undefined;
      if (expected === undefined || expected !== c.amount) {
        mismatched++;
        console.log(`${c.id}\torder=${orderId ?? '-'}\tstripe=${c.amount}\tdb=${expected ?? 'missing'}`);
      }
    }
    console.log(`${charges.length} charges checked, ${mismatched} mismatched`);
  } finally {
    await db.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
