#!/usr/bin/env -S npx tsx
// Generate seed data for the local Postgres database as SQL in db/seeds/.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const OUT = join("db", "seeds");
const N_USERS = Number(process.argv[2] ?? 100);
const N_ORDERS = N_USERS * 4;

let seed = 1337;
function rand(): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
}

function pick<T>(xs: readonly T[]): T {
  return xs[Math.floor(rand() * xs.length)];
}

const NAMES = ["ada", "grace", "linus", "ken", "barbara", "edsger", "donald"] as const;
const STATUSES = ["pending", "paid", "shipped", "refunded"] as const;

function sqlString(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

function users(): string[] {
  const rows: string[] = [];
  for (let i = 1; i <= N_USERS; i++) {
    const name = `${pick(NAMES)}${i}`;
    rows.push(`(${i}, ${sqlString(name)}, ${sqlString(`${name}@example.com`)})`);
  }
  return rows;
}

function orders(): string[] {
  const rows: string[] = [];
  for (let i = 1; i <= N_ORDERS; i++) {
    const user = 1 + Math.floor(rand() * N_USERS);
    const cents = 500 + Math.floor(rand() * 20000);
    rows.push(`(${i}, ${user}, ${cents}, ${sqlString(pick(STATUSES))})`);
  }
  return rows;
}

function main(): void {
  mkdirSync(OUT, { recursive: true });
  const sql = [
    "BEGIN;",
    `INSERT INTO users (id, name, email) VALUES\n${users().join(",\n")};`,
    `INSERT INTO orders (id, user_id, total_cents, status) VALUES\n${orders().join(",\n")};`,
    "COMMIT;",
  ].join("\n\n");
  const file = join(OUT, "001_dev_seed.sql");
  writeFileSync(file, sql + "\n");
  console.log(`wrote ${file}: ${N_USERS} users, ${N_ORDERS} orders`);
  console.log("load with: psql app_dev -f " + file);
}

main();
