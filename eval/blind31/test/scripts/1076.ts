#!/usr/bin/env -S npx tsx
/**
 * validate-addresses.ts — run the customer address fixtures through Shippo's
 * address validation (test token) and record which ones the checkout form
 * should flag.
 *
 *   npx tsx tools/validate-addresses.ts                      # fixtures/addresses.csv
 *   npx tsx tools/validate-addresses.ts --input other.csv --concurrency 2
 *
 * Shippo validates addresses without charging; we still use the *test*
 * token (shippo_test_…) so fixture traffic never shows up in the live
 * account. The token is read from .env and sent only to api.goshippo.com in
 * the ShippoToken header. Results are cached per address hash in
 * build/address-cache.json so reruns do not hit the API again.
 *
 * Output: reports/address-validation.csv and a summary by problem type.
 */

import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const API = "https://api.goshippo.com";
const CACHE_FILE = path.join(ROOT, "build", "address-cache.json");
const OUT = path.join(ROOT, "reports", "address-validation.csv");

interface AddressRow {
  ref: string;
  name: string;
  street1: string;
  street2?: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

interface ValidationMessage {
  source: string;
  code: string;
  type: "address_correction" | "address_warning" | "address_error" | string;
  text: string;
}

interface ValidationResult {
  is_valid: boolean;
  messages: ValidationMessage[];
  suggested?: Partial<AddressRow>;
}

type Cache = Record<string, ValidationResult>;

interface Cli {
  input: string;
  concurrency: number;
}

function cli(argv: string[]): Cli {
  const out: Cli = { input: path.join(ROOT, "fixtures", "addresses.csv"), concurrency: 3 };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === "--input") out.input = path.resolve(argv[++i]);
    else if (argv[i] === "--concurrency") out.concurrency = Math.max(1, Math.min(5, Number(argv[++i])));
    else throw new Error(`unknown option ${argv[i]}`);
  }
  return out;
}

function testToken(): string {
  const envFile = path.join(ROOT, ".env");
  let token = process.env.SHIPPO_TEST_TOKEN ?? "";
  if (!token && existsSync(envFile)) {
    const match = /^SHIPPO_TEST_TOKEN=(.*)$/m.exec(readFileSync(envFile, "utf8"));
    token = match?.[1]?.trim().replace(/^"|"$/g, "") ?? "";
  }
  if (!token.startsWith("shippo_test_")) throw new Error("SHIPPO_TEST_TOKEN must be set to a Shippo test token");
  return token;
}

function parseCsv(text: string): AddressRow[] {
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const cols = header.split(",").map((c) => c.trim());
  return lines.filter(Boolean).map((line) => {
    const cells: string[] = [];
    let cur = "";
    let quoted = false;
    for (const ch of line) {
      if (ch === '"') quoted = !quoted;
      else if (ch === "," && !quoted) {
        cells.push(cur);
        cur = "";
      } else cur += ch;
    }
    cells.push(cur);
    return Object.fromEntries(cols.map((c, i) => [c, (cells[i] ?? "").trim()])) as unknown as AddressRow;
  });
}

function addressKey(a: AddressRow): string {
  const canonical = [a.street1, a.street2 ?? "", a.city, a.state, a.zip, a.country].map((s) => s.toUpperCase().trim()).join("|");
  return createHash("sha256").update(canonical).digest("hex").slice(0, 24);
}

async function loadCache(): Promise<Cache> {
  try {
    return JSON.parse(await readFile(CACHE_FILE, "utf8")) as Cache;
  } catch {
    return {};
  }
}

async function saveCache(cache: Cache): Promise<void> {
  await mkdir(path.dirname(CACHE_FILE), { recursive: true });
  await writeFile(`${CACHE_FILE}.tmp`, JSON.stringify(cache));
  await rename(`${CACHE_FILE}.tmp`, CACHE_FILE);
}

async function validate(token: string, a: AddressRow): Promise<ValidationResult> {
  let delay = 1000;
  for (let attempt = 1; attempt < 6; attempt += 1) {
    const res = await fetch(`${API}/addresses/`, {
      method: "POST",
      headers: { Authorization: `ShippoToken ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        name: a.name, street1: a.street1, street2: a.street2 ?? "", city: a.city,
        state: a.state, zip: a.zip, country: a.country || "US", validate: true,
      }),
      signal: AbortSignal.timeout(30_000),
    });
    if (res.status >= 500 || res.status === 429) {
      await new Promise((done) => setTimeout(done, delay));
      delay = Math.min(delay * 2, 16_000);
      continue;
    }
    if (!res.ok) throw new Error(`address ${a.ref}: HTTP ${res.status}`);
    const body = (await res.json()) as {
      validation_results?: { is_valid: boolean; messages: ValidationMessage[] };
      street1?: string; city?: string; zip?: string; state?: string;
    };
    const v = body.validation_results ?? { is_valid: false, messages: [] };
    return {
      is_valid: v.is_valid,
      messages: v.messages ?? [],
      suggested: { street1: body.street1, city: body.city, zip: body.zip, state: body.state },
    };
  }
  throw new Error(`address ${a.ref}: gave up after retries`);
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

function csvCell(v: unknown): string {
  const s = String(v ?? "");
  return /[",\n]/.test(s) ? `"${s.split('"').join('""')}"` : s;
}

async function main(): Promise<void> {
  const args = cli(process.argv.slice(2));
  const token = testToken();
  const rows = parseCsv(await readFile(args.input, "utf8"));
  const cache = await loadCache();
  let hits = 0;
  const results = await mapLimit(rows, args.concurrency, async (row) => {
    const key = addressKey(row);
    if (cache[key]) {
      hits += 1;
      return { row, result: cache[key] };
    }
    const result = await validate(token, row);
    cache[key] = result;
    return { row, result };
  });
  await saveCache(cache);

  const byType = new Map<string, number>();
  const lines = [["ref", "valid", "problem_types", "messages", "suggested_street1", "suggested_zip"].join(",")];
  for (const { row, result } of results) {
    const types = [...new Set(result.messages.map((m) => m.type))];
    for (const t of types) byType.set(t, (byType.get(t) ?? 0) + 1);
    lines.push([
      row.ref, result.is_valid, types.join(";"), result.messages.map((m) => `${m.code}: ${m.text}`).join(" | "),
      result.suggested?.street1 ?? "", result.suggested?.zip ?? "",
    ].map(csvCell).join(","));
  }
  await mkdir(path.dirname(OUT), { recursive: true });
  await writeFile(OUT, lines.join("\n") + "\n");
  const invalid = results.filter((r) => !r.result.is_valid).length;
  console.log(`${rows.length} addresses (${hits} from cache): ${invalid} invalid`);
  for (const [type, n] of [...byType.entries()].sort((a, b) => b[1] - a[1])) console.log(`  ${type.padEnd(22)} ${n}`);
  console.log(`report: ${path.relative(ROOT, OUT)}`);
}

main().catch((err: Error) => {
  console.error(`validate-addresses: ${err.message}`);
  process.exitCode = 1;
});
