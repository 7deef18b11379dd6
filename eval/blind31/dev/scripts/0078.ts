#!/usr/bin/env -S npx tsx
// easypost-batch.ts — exercise the EasyPost Batch API in TEST mode for the
// end-of-day pickup feature: verify addresses, create a batch, buy it, and
// request a combined label PDF and a ScanForm.
//
//   npx tsx tools/easypost-batch.ts                 # fixtures/pickup-orders.json
//   npx tsx tools/easypost-batch.ts --verify-only   # only address verification
//
// Only test keys (EZTK…) are accepted. There is deliberately no --live flag:
// production batches are created by the shop backend, not by this tool.

import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const API = "https://api.easypost.com/v2";
const ORDERS = path.join(ROOT, "fixtures", "pickup-orders.json");
const OUT = path.join(ROOT, "build", "easypost-batch");
const POLL_MS = 2000;
const POLL_LIMIT = 60;

type BatchState = "creating" | "created" | "purchasing" | "purchased" | "label_generating" | "label_generated" | "purchase_failed";

interface Address {
  name: string;
  street1: string;
  street2?: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone?: string;
}

interface PickupOrder {
  ref: string;
  to: Address;
  weightOz: number;
  carrier: string;
  service: string;
}

interface Batch {
  id: string;
  state: BatchState;
  num_shipments: number;
  status: Record<string, number>;
  label_url: string | null;
  scan_form: { id: string; form_url: string } | null;
}

const FROM: Address = {
  name: "Pickup Test Warehouse",
  street1: "388 Townsend St",
  city: "San Francisco",
  state: "CA",
  zip: "94107",
  country: "US",
  phone: "4155550199",
};

function dotenv(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  const values: Record<string, string> = {};
  if (!existsSync(file)) return values;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const i = line.indexOf("=");
    if (i > 0 && !line.trimStart().startsWith("#")) values[line.slice(0, i).trim()] = line.slice(i + 1).trim().replace(/^"|"$/g, "");
  }
  return values;
}

function testKey(): string {
  const key = process.env.EASYPOST_TEST_API_KEY ?? dotenv().EASYPOST_TEST_API_KEY ?? "";
  if (!key.startsWith("EZTK")) throw new Error("EASYPOST_TEST_API_KEY must be a test key (EZTK…)");
  return key;
}

class EasyPostTest {
  private readonly header: string;
  requests = 0;

  constructor(key: string) {
    this.header = `Basic ${Buffer.from(`${key}:`).toString("base64")}`;
  }

  async call<T>(method: "GET" | "POST", route: string, body?: object): Promise<T> {
    let wait = 800;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const res = await fetch(`${API}${route}`, {
        method,
        headers: { Authorization: this.header, "Content-Type": "application/json" },
        body: body ? JSON.stringify(body) : undefined,
      });
      this.requests += 1;
      if (res.status === 429 || res.status >= 500) {
        await sleep(wait);
        wait = Math.min(wait * 2, 15_000);
        continue;
      }
      const json = (await res.json()) as T & { error?: { message: string } };
      if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${json.error?.message ?? ""}`);
      return json;
    }
    throw new Error(`${method} ${route}: too many retries`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function verify(client: EasyPostTest, orders: PickupOrder[]): Promise<string[]> {
  const problems: string[] = [];
  for (const o of orders) {
    const addr = await client.call<{ verifications?: { delivery?: { success: boolean; errors: { message: string }[] } } }>(
      "POST",
      "/addresses",
      { address: { ...o.to, verify: ["delivery"] } },
    );
    const delivery = addr.verifications?.delivery;
    if (delivery && !delivery.success) {
      problems.push(`${o.ref}: ${delivery.errors.map((e) => e.message).join("; ")}`);
    }
  }
  return problems;
}

async function waitFor(client: EasyPostTest, id: string, wanted: BatchState[]): Promise<Batch> {
  for (let i = 0; i < POLL_LIMIT; i += 1) {
    const batch = await client.call<Batch>("GET", `/batches/${id}`);
    if (wanted.includes(batch.state)) return batch;
    if (batch.state === "purchase_failed") throw new Error(`batch ${id} purchase failed: ${JSON.stringify(batch.status)}`);
    await sleep(POLL_MS);
  }
  throw new Error(`batch ${id} did not reach ${wanted.join("/")} in time`);
}

async function main(): Promise<void> {
  const verifyOnly = process.argv.includes("--verify-only");
  const client = new EasyPostTest(testKey());
  const orders = JSON.parse(readFileSync(ORDERS, "utf8")) as PickupOrder[];
  console.log(`${orders.length} pickup orders`);

  const problems = await verify(client, orders);
  for (const p of problems) console.log(`  address problem ${p}`);
  if (verifyOnly) {
    process.exitCode = problems.length ? 1 : 0;
    return;
  }
  if (problems.length) throw new Error("fix fixture addresses before creating the batch");

  const shipments = orders.map((o) => ({
    to_address: o.to,
    from_address: FROM,
    parcel: { weight: o.weightOz, predefined_package: "Parcel" },
    carrier: o.carrier,
    service: o.service,
    reference: o.ref,
  }));
  let batch = await client.call<Batch>("POST", "/batches", { batch: { shipments } });
  console.log(`batch ${batch.id} created with ${batch.num_shipments} shipments`);
  batch = await waitFor(client, batch.id, ["created"]);
  await client.call("POST", `/batches/${batch.id}/buy`);
  batch = await waitFor(client, batch.id, ["purchased"]);
  await client.call("POST", `/batches/${batch.id}/label`, { file_format: "PDF" });
  batch = await waitFor(client, batch.id, ["label_generated"]);
  const withForm = await client.call<Batch>("POST", `/batches/${batch.id}/scan_form`);

  await mkdir(OUT, { recursive: true });
  const summary = {
    batch: batch.id,
    shipments: batch.num_shipments,
    status: batch.status,
    label_url: batch.label_url,
    scan_form_url: withForm.scan_form?.form_url ?? null,
    requests: client.requests,
  };
  await writeFile(path.join(OUT, `${batch.id}.json`), JSON.stringify(summary, null, 2));
  console.log(`labels: ${summary.label_url}`);
  console.log(`scan form: ${summary.scan_form_url ?? "not generated"}`);
  console.log(`${client.requests} API requests; summary in ${path.relative(ROOT, OUT)}`);
}

main().catch((err: Error) => {
  console.error(`easypost-batch: ${err.message}`);
  process.exitCode = 1;
});
