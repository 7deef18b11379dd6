#!/usr/bin/env -S npx tsx
// Reconcile local test orders against Stripe test-mode charges.
// STRIPE_SECRET_KEY comes from the environment and must be a test key;
// requests go only to api.stripe.com.
import { readFileSync } from "node:fs";

enum Mismatch {
  MissingInStripe = "missing-in-stripe",
  AmountDiffers = "amount-differs",
  NotPaid = "not-paid",
}

interface LocalOrder {
  id: string;
  chargeId: string;
  amountCents: number;
}

interface StripeCharge {
  id: string;
  amount: number;
  paid: boolean;
  status: string;
}

interface StripeList<T> {
  data: T[];
  has_more: boolean;
}

const STRIPE = "https://api.stripe.com/v1";

function requireTestKey(): string {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) throw new Error("STRIPE_SECRET_KEY is not set");
  if (!key.startsWith("sk_test_")) throw new Error("refusing to run with a live key");
  return key;
}

async function stripeGet<T>(key: string, path: string, params: Record<string, string> = {}): Promise<T> {
  const qs = new URLSearchParams(params).toString();
  const res = await fetch(`${STRIPE}${path}${qs ? `?${qs}` : ""}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  if (!res.ok) throw new Error(`Stripe ${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

async function allCharges(key: string): Promise<Map<string, StripeCharge>> {
  const out = new Map<string, StripeCharge>();
  let startingAfter: string | undefined;
  for (let page = 0; page < 50; page++) {
    const params: Record<string, string> = { limit: "100" };
    if (startingAfter) params.starting_after = startingAfter;
    const list = await stripeGet<StripeList<StripeCharge>>(key, "/charges", params);
    for (const c of list.data) out.set(c.id, c);
    if (!list.has_more || list.data.length === 0) break;
    startingAfter = list.data[list.data.length - 1].id;
  }
  return out;
}

function compare(orders: LocalOrder[], charges: Map<string, StripeCharge>): Array<[LocalOrder, Mismatch]> {
  const problems: Array<[LocalOrder, Mismatch]> = [];
  for (const order of orders) {
    const charge = charges.get(order.chargeId);
    if (!charge) problems.push([order, Mismatch.MissingInStripe]);
    else if (charge.amount !== order.amountCents) problems.push([order, Mismatch.AmountDiffers]);
    else if (!charge.paid) problems.push([order, Mismatch.NotPaid]);
  }
  return problems;
}

async function main(): Promise<number> {
  const key = requireTestKey();
  const orders = JSON.parse(readFileSync(process.argv[2] ?? "fixtures/orders.json", "utf8")) as LocalOrder[];
  const charges = await allCharges(key);
  const problems = compare(orders, charges);
  for (const [order, kind] of problems) {
    console.log(`${kind.padEnd(18)} order ${order.id} charge ${order.chargeId}`);
  }
  console.log(`${orders.length} orders, ${charges.size} charges, ${problems.length} mismatch(es)`);
  return problems.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
