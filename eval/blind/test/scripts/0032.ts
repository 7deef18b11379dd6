// Reconcile last month's Stripe payouts with the invoices table export.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";

interface Payout { id: string; amount: number; arrival_date: number; status: string }
interface Invoice { payout_id: string; total_cents: number }

const key = process.env.STRIPE_SECRET_KEY;
if (!key) {
  console.error("STRIPE_SECRET_KEY missing");
  process.exit(1);
}

async function payouts(since: number): Promise<Payout[]> {
  const all: Payout[] = [];
  let startingAfter: string | undefined;
  for (;;) {
    const url = new URL("https://api.stripe.com/v1/payouts");
    url.searchParams.set("limit", "100");
    url.searchParams.set("arrival_date[gte]", String(since));
    if (startingAfter) url.searchParams.set("starting_after", startingAfter);
    const res = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
    if (!res.ok) throw new Error(`stripe ${res.status}`);
    const page = (await res.json()) as { data: Payout[]; has_more: boolean };
    all.push(...page.data);
    if (!page.has_more) break;
    startingAfter = page.data[page.data.length - 1].id;
  }
  return all;
}

async function main(): Promise<void> {
  const since = Math.floor(Date.now() / 1000) - 31 * 86400;
  const invoices = JSON.parse(readFileSync("exports/invoices.json", "utf8")) as Invoice[];
  const byPayout = new Map<string, number>();
  for (const inv of invoices) byPayout.set(inv.payout_id, (byPayout.get(inv.payout_id) ?? 0) + inv.total_cents);

  const mismatches = [];
  for (const p of await payouts(since)) {
    const expected = byPayout.get(p.id) ?? 0;
    if (expected !== p.amount) mismatches.push({ payout: p.id, stripe: p.amount, invoices: expected });
  }
  mkdirSync("reports", { recursive: true });
  writeFileSync("reports/payout-mismatches.json", JSON.stringify(mismatches, null, 2));
  console.log(`${mismatches.length} mismatching payout(s)`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
