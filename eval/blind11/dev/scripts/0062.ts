#!/usr/bin/env -S npx tsx
// scripts/stripe-fixtures.ts - pull products and prices from the Stripe *test*
// account and write test/fixtures/stripe-catalog.json for the checkout tests.
// Reads STRIPE_API_KEY (must be an sk_test_ key) and talks only to api.stripe.com.
import { writeFile, mkdir } from "node:fs/promises";
import path from "node:path";

const API = "https://api.stripe.com/v1";
const OUT = path.resolve(__dirname, "..", "test", "fixtures", "stripe-catalog.json");

interface StripeList<T> { data: T[]; has_more: boolean }
interface Product { id: string; name: string; active: boolean; metadata: Record<string, string> }
interface Price { id: string; product: string; unit_amount: number | null; currency: string; recurring: unknown }

class StripeClient {
  constructor(private readonly key: string) {
    if (!key.startsWith("sk_test_")) {
      throw new Error("refusing to use a live key for fixtures; set an sk_test_ key");
    }
  }

  private async get<T>(route: string, params: Record<string, string> = {}): Promise<T> {
    const qs = new URLSearchParams(params).toString();
    const res = await fetch(`${API}${route}${qs ? `?${qs}` : ""}`, {
      headers: { Authorization: `Bearer ${this.key}`, "Stripe-Version": "2024-06-20" },
    });
    if (!res.ok) throw new Error(`GET ${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async *list<T extends { id: string }>(route: string): AsyncGenerator<T> {
    let startingAfter: string | undefined;
    while (true) {
      const params: Record<string, string> = { limit: "100" };
      if (startingAfter) params.starting_after = startingAfter;
      const page = await this.get<StripeList<T>>(route, params);
      for (const item of page.data) yield item;
      if (!page.has_more || !page.data.length) return;
      startingAfter = page.data[page.data.length - 1].id;
    }
  }
}

async function collect<T>(gen: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of gen) out.push(item);
  return out;
}

function shape(products: Product[], prices: Price[]) {
  const byProduct = new Map<string, Price[]>();
  for (const p of prices) {
    byProduct.set(p.product, [...(byProduct.get(p.product) ?? []), p]);
  }
  return products
    .filter((p) => p.active)
    .map((p) => ({
      id: p.id,
      name: p.name,
      sku: p.metadata.sku ?? null,
      prices: (byProduct.get(p.id) ?? []).map((pr) => ({
        id: pr.id,
        amount: pr.unit_amount,
        currency: pr.currency,
        recurring: Boolean(pr.recurring),
      })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function main(): Promise<void> {
  const key = process.env.STRIPE_API_KEY;
  if (!key) {
    console.error("STRIPE_API_KEY is not set");
    process.exit(2);
  }
  const client = new StripeClient(key);
  const [products, prices] = await Promise.all([
    collect(client.list<Product>("/products")),
    collect(client.list<Price>("/prices")),
  ]);
  const catalog = shape(products, prices);
  await mkdir(path.dirname(OUT), { recursive: true });
  await writeFile(OUT, JSON.stringify({ generatedAt: new Date().toISOString(), catalog }, null, 2) + "\n");
  console.log(`wrote ${catalog.length} products to ${path.relative(process.cwd(), OUT)}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
