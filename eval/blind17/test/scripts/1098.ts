/**
 * scripts/eval-rule.ts — try out a pricing/discount rule pasted from the admin UI
 * or a support ticket against the sample orders, before saving it.
 *
 *   tsx scripts/eval-rule.ts 'order.total > 100 ? order.total * 0.9 : order.total'
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const ORDERS = path.resolve(__dirname, "..", "fixtures", "orders.json");

function main(): void {
  const expression = process.argv[2];
  if (!expression) throw new Error("usage: eval-rule.ts '<expression using order>'");
  const orders = JSON.parse(readFileSync(ORDERS, "utf8")) as { id: string; total: number }[];
  const rule = new Function("order", `return (${expression});`) as (o: unknown) => number;
  for (const order of orders) {
    console.log(`${order.id}: ${order.total} -> ${rule(order)}`);
  }
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
