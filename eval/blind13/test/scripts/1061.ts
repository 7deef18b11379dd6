#!/usr/bin/env -S npx tsx
// List failed and disputed Stripe charges from the last N days for the finance sync.
// STRIPE_SECRET_KEY is read from the environment and sent only to api.stripe.com.
import { writeFileSync } from "node:fs";

const STRIPE_API = "https://api.stripe.com/v1";

type Charge = {
  id: string;
  amount: number;
  currency: string;
  status: "succeeded" | "pending" | "failed";
  disputed: boolean;
  created: number;
  failure_message: string | null;
  customer: string | null;
};

type Page<T> = { data: T[]; has_more: boolean };

class StripeReader {
  readonly #key: string;
  requests = 0;

  constructor(key: string | undefined) {
    if (!key || !/^(sk|rk)_(test|live)_/.test(key)) {
      throw new Error("STRIPE_SECRET_KEY missing or not a secret/restricted key");
    }
    this.#key = key;
  }

  private async get<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = `${STRIPE_API}${path}?${new URLSearchParams(params)}`;
    for (let attempt = 1; ; attempt++) {
      this.requests++;
      const res = await fetch(url, { headers: { Authorization: `Bearer ${this.#key}` } });
      if (res.status === 429 && attempt < 5) {
        await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
        continue;
      }
      if (!res.ok) throw new Error(`Stripe ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    }
  }

  async *charges(sinceUnix: number): AsyncGenerator<Charge> {
    let startingAfter: string | undefined;
    do {
      const params: Record<string, string> = { limit: "100", "created[gte]": String(sinceUnix) };
      if (startingAfter) params.starting_after = startingAfter;
      const page = await this.get<Page<Charge>>("/charges", params);
      yield* page.data;
      startingAfter = page.has_more ? page.data[page.data.length - 1]?.id : undefined;
    } while (startingAfter);
  }
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);

async function main(): Promise<void> {
  const days = Number(process.argv[2] ?? 7);
  const since = Math.floor(Date.now() / 1000) - days * 86400;
  const reader = new StripeReader(process.env.STRIPE_SECRET_KEY);
  const problems: Charge[] = [];
  for await (const charge of reader.charges(since)) {
    if (charge.status === "failed" || charge.disputed) problems.push(charge);
  }
  problems.sort((a, b) => b.amount - a.amount);
  for (const c of problems) {
    const when = new Date(c.created * 1000).toISOString().slice(0, 10);
    const why = c.disputed ? "DISPUTED" : c.failure_message ?? "failed";
    console.log(`${when}  ${c.id}  ${money(c.amount, c.currency).padStart(12)}  ${why}`);
  }
  const csv = ["id,created,amount,currency,reason", ...problems.map((c) => [c.id, c.created, c.amount, c.currency, JSON.stringify(c.disputed ? "disputed" : c.failure_message ?? "")].join(","))];
  writeFileSync("reports/stripe-problems.csv", csv.join("\n") + "\n");
  console.log(`\n${problems.length} problem charge(s) in ${days} day(s); ${reader.requests} API request(s)`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
