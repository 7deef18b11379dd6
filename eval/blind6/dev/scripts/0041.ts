// scripts/unpaid-invoices.ts — list open Stripe invoices older than N days.
// Reads STRIPE_SECRET_KEY from the environment; talks only to api.stripe.com.

const STRIPE_API = "https://api.stripe.com/v1";

interface Invoice {
  id: string;
  customer_email: string | null;
  amount_due: number;
  currency: string;
  created: number;
  status: string;
}

interface ListResponse<T> {
  data: T[];
  has_more: boolean;
}

function parseArgs(argv: string[]): { days: number; limit: number } {
  let days = 14;
  let limit = 100;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--days") days = Number(argv[++i]);
    else if (argv[i] === "--limit") limit = Number(argv[++i]);
  }
  if (!Number.isFinite(days) || days < 0) throw new Error("--days must be a non-negative number");
  return { days, limit };
}

async function stripeGet<T>(path: string, key: string): Promise<T> {
  const res = await fetch(`${STRIPE_API}${path}`, {
    headers: { Authorization: `Bearer ${key}`, "Stripe-Version": "2024-06-20" },
  });
  if (!res.ok) throw new Error(`stripe ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function openInvoices(key: string, limit: number): Promise<Invoice[]> {
  const out: Invoice[] = [];
  let startingAfter: string | undefined;
  do {
    const qs = new URLSearchParams({ status: "open", limit: "100" });
    if (startingAfter) qs.set("starting_after", startingAfter);
    const page = await stripeGet<ListResponse<Invoice>>(`/invoices?${qs}`, key);
    out.push(...page.data);
    startingAfter = page.has_more ? page.data[page.data.length - 1]?.id : undefined;
  } while (startingAfter && out.length < limit);
  return out.slice(0, limit);
}

async function main(): Promise<void> {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) throw new Error("STRIPE_SECRET_KEY is not set");
  const { days, limit } = parseArgs(process.argv.slice(2));
  const cutoff = Date.now() / 1000 - days * 86400;
  const stale = (await openInvoices(key, limit)).filter((i) => i.created < cutoff);
  for (const inv of stale) {
    const age = Math.floor((Date.now() / 1000 - inv.created) / 86400);
    console.log(`${inv.id}  ${(inv.amount_due / 100).toFixed(2)} ${inv.currency.toUpperCase()}  ${age}d  ${inv.customer_email ?? "-"}`);
  }
  console.log(`${stale.length} open invoice(s) older than ${days} days`);
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(1);
});
