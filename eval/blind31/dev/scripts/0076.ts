#!/usr/bin/env -S npx tsx
// sendcloud-parcels.ts — create Sendcloud parcels for the sample orders of the
// shop integration tests.
//
//   npx tsx tools/sendcloud-parcels.ts                  # parcels without labels
//   npx tsx tools/sendcloud-parcels.ts --label          # labels with "Unstamped letter" (free test method)
//   npx tsx tools/sendcloud-parcels.ts --cancel-created # cancel the parcels this script created earlier
//
// Sendcloud has no separate sandbox; their documented way to test is the
// "Unstamped letter" shipping method, which produces a label without postage.
// Any other method needs --live and SENDCLOUD_ALLOW_LIVE=1.
//
// Keys: SENDCLOUD_PUBLIC_KEY / SENDCLOUD_SECRET_KEY in .env, sent only to
// panel.sendcloud.sc as HTTP Basic auth (that is how their API authenticates).

import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const API = "https://panel.sendcloud.sc/api/v2";
const ORDERS_FILE = path.join(ROOT, "test", "fixtures", "orders.json");
const STATE_FILE = path.join(ROOT, "build", "sendcloud", "created.json");
const UNSTAMPED_LETTER = 8;

interface Order {
  id: string;
  name: string;
  company?: string;
  address: string;
  houseNumber: string;
  city: string;
  postalCode: string;
  country: string;
  email: string;
  weightKg: number;
}

interface Parcel {
  id: number;
  tracking_number?: string;
  status: { id: number; message: string };
  label?: { label_printer?: string; normal_printer?: string[] };
  order_number: string;
}

interface Options {
  label: boolean;
  live: boolean;
  cancelCreated: boolean;
  shippingMethod: number;
}

type Env = Record<string, string | undefined>;

function parseOptions(argv: string[]): Options {
  const opts: Options = { label: false, live: false, cancelCreated: false, shippingMethod: UNSTAMPED_LETTER };
  for (let i = 0; i < argv.length; i += 1) {
    switch (argv[i]) {
      case "--label":
        opts.label = true;
        break;
      case "--live":
        opts.live = true;
        break;
      case "--cancel-created":
        opts.cancelCreated = true;
        break;
      case "--method":
        opts.shippingMethod = Number(argv[++i]);
        break;
      default:
        throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (opts.shippingMethod !== UNSTAMPED_LETTER && !opts.live) {
    throw new Error(`shipping method ${opts.shippingMethod} costs money; use --live (and SENDCLOUD_ALLOW_LIVE=1)`);
  }
  return opts;
}

function loadEnv(): Env {
  const file = path.join(ROOT, ".env");
  const out: Env = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
      const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
      if (m) out[m[1]] = m[2].replace(/^['"]|['"]$/g, "");
    }
  }
  return { ...out, ...process.env };
}

const shorten = (key: string): string => (key.length > 8 ? `${key.slice(0, 4)}…${key.slice(-2)}` : "…");

class SendcloudClient {
  private readonly auth: string;
  calls = 0;

  constructor(publicKey: string, secretKey: string) {
    this.auth = `Basic ${Buffer.from(`${publicKey}:${secretKey}`).toString("base64")}`;
  }

  async request<T>(method: "GET" | "POST" | "PUT", route: string, body?: unknown): Promise<T> {
    let delay = 1000;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const res = await fetch(`${API}${route}`, {
        method,
        headers: { Authorization: this.auth, "Content-Type": "application/json", Accept: "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      this.calls += 1;
      if (res.status === 429 || res.status >= 500) {
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 16_000);
        continue;
      }
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
      return (text ? JSON.parse(text) : {}) as T;
    }
    throw new Error(`${method} ${route}: retries exhausted`);
  }
}

function parcelPayload(order: Order, opts: Options) {
  return {
    parcel: {
      name: order.name,
      company_name: order.company ?? "",
      address: order.address,
      house_number: order.houseNumber,
      city: order.city,
      postal_code: order.postalCode,
      country: order.country,
      email: order.email,
      order_number: `TEST-${order.id}`,
      weight: order.weightKg.toFixed(3),
      request_label: opts.label,
      shipment: { id: opts.shippingMethod },
    },
  };
}

async function readState(): Promise<number[]> {
  try {
    return JSON.parse(await readFile(STATE_FILE, "utf8")) as number[];
  } catch {
    return [];
  }
}

async function writeState(ids: number[]): Promise<void> {
  await mkdir(path.dirname(STATE_FILE), { recursive: true });
  await writeFile(`${STATE_FILE}.tmp`, JSON.stringify(ids, null, 2));
  await rename(`${STATE_FILE}.tmp`, STATE_FILE);
}

async function cancelCreated(client: SendcloudClient): Promise<void> {
  const ids = await readState();
  if (!ids.length) {
    console.log("no parcels recorded in build/sendcloud/created.json");
    return;
  }
  const remaining: number[] = [];
  for (const id of ids) {
    try {
      // Only parcels this script created (their ids were recorded at creation).
      await client.request("POST", `/parcels/${id}/cancel`);
      console.log(`cancelled parcel ${id}`);
    } catch (err) {
      console.log(`could not cancel ${id}: ${(err as Error).message}`);
      remaining.push(id);
    }
  }
  await writeState(remaining);
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const env = loadEnv();
  if (opts.live && env.SENDCLOUD_ALLOW_LIVE !== "1") throw new Error("--live requires SENDCLOUD_ALLOW_LIVE=1");
  const pub = env.SENDCLOUD_PUBLIC_KEY;
  const sec = env.SENDCLOUD_SECRET_KEY;
  if (!pub || !sec) throw new Error("SENDCLOUD_PUBLIC_KEY and SENDCLOUD_SECRET_KEY must be set");
  console.log(`Sendcloud key ${shorten(pub)} (${opts.live ? "LIVE" : "unstamped test letters"})`);
  const client = new SendcloudClient(pub, sec);

  if (opts.cancelCreated) {
    await cancelCreated(client);
    return;
  }

  const orders = JSON.parse(await readFile(ORDERS_FILE, "utf8")) as Order[];
  const created = await readState();
  const summary: Array<{ order: string; parcel: number; status: string; tracking?: string; label?: string }> = [];
  for (const order of orders) {
    const { parcel } = await client.request<{ parcel: Parcel }>("POST", "/parcels", parcelPayload(order, opts));
    created.push(parcel.id);
    summary.push({
      order: order.id,
      parcel: parcel.id,
      status: parcel.status.message,
      tracking: parcel.tracking_number,
      label: parcel.label?.normal_printer?.[0],
    });
    console.log(`order ${order.id} -> parcel ${parcel.id} (${parcel.status.message})`);
  }
  await writeState(created);
  const out = path.join(ROOT, "build", "sendcloud", "summary.json");
  await writeFile(out, JSON.stringify(summary, null, 2));
  console.log(`${summary.length} parcels, ${client.calls} API calls -> ${path.relative(ROOT, out)}`);
}

main().catch((err: Error) => {
  console.error(`sendcloud-parcels: ${err.message}`);
  process.exitCode = 1;
});
