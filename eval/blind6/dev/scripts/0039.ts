// scripts/check-pricing.ts — evaluate pricing rules from config/pricing.json on sample carts.
import { readFileSync } from "node:fs";

interface Rule {
  id: string;
  description: string;
  when: string; // JS expression over `cart`
  discountPct: number;
}

interface Cart {
  items: number;
  totalCents: number;
  country: string;
  coupon?: string;
}

const SAMPLE_CARTS: Cart[] = [
  { items: 1, totalCents: 1999, country: "DE" },
  { items: 5, totalCents: 12999, country: "US", coupon: "SPRING" },
  { items: 12, totalCents: 55000, country: "FR" },
];

function compile(rule: Rule): (cart: Cart) => boolean {
  // rules are authored in the admin UI and exported as expressions
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const fn = new Function("cart", `return (${rule.when});`) as (cart: Cart) => unknown;
  return (cart) => Boolean(fn(cart));
}

function loadRules(path = process.argv[2] ?? "config/pricing.json"): Rule[] {
  const raw = JSON.parse(readFileSync(path, "utf8")) as { rules: Rule[] };
  return raw.rules.filter((r) => r.discountPct > 0 && r.discountPct <= 100);
}

function bestDiscount(cart: Cart, compiled: Array<[Rule, (c: Cart) => boolean]>): [string, number] {
  let best: [string, number] = ["none", 0];
  for (const [rule, test] of compiled) {
    try {
      if (test(cart) && rule.discountPct > best[1]) best = [rule.id, rule.discountPct];
    } catch (e) {
      console.warn(`rule ${rule.id} failed: ${(e as Error).message}`);
    }
  }
  return best;
}

function main(): void {
  const rules = loadRules();
  const compiled = rules.map((r) => [r, compile(r)] as [Rule, (c: Cart) => boolean]);
  console.log(`${rules.length} rule(s) loaded`);
  for (const cart of SAMPLE_CARTS) {
    const [id, pct] = bestDiscount(cart, compiled);
    const final = Math.round(cart.totalCents * (1 - pct / 100));
    console.log(`${cart.country} items=${cart.items} total=${cart.totalCents} -> ${final} (${id}, ${pct}%)`);
  }
}

main();
