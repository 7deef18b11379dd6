/**
 * lnd-invoice-e2e.ts - end-to-end test of the paywall's invoice flow on a regtest network
 *
 *   npx tsx test/lnd-invoice-e2e.ts
 *
 * Expects the two-node regtest network from tests/lnnet.py (carol = merchant, dave =
 * customer) to be running. Talks to both lnd REST APIs on 127.0.0.1 with their regtest
 * macaroons (read from .lnnet/<node>/..., hex-encoded in the Grpc-Metadata-macaroon header
 * as lnd's REST docs describe) and the self-signed tls.cert of each node.
 * Steps: create invoice on carol, pay from dave, wait for settlement, check the paywall's
 * webhook log. Refuses to run if either node reports a network other than regtest.
 */
import { existsSync, readFileSync } from "node:fs";
import https from "node:https";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const NET = path.join(ROOT, ".lnnet");

interface NodeConf {
  name: string;
  rest: number;
}

const NODES: Record<"merchant" | "customer", NodeConf> = {
  merchant: { name: "carol", rest: 18181 },
  customer: { name: "dave", rest: 18182 },
};

class LndRest {
  private readonly macaroon: string;
  private readonly ca: Buffer;

  constructor(private readonly conf: NodeConf) {
    const dir = path.join(NET, conf.name);
    const mac = path.join(dir, "data", "chain", "bitcoin", "regtest", "admin.macaroon");
    if (!existsSync(mac)) throw new Error(`${conf.name}: regtest macaroon not found (is lnnet up?)`);
    this.macaroon = readFileSync(mac).toString("hex");
    this.ca = readFileSync(path.join(dir, "tls.cert"));
  }

  request<T>(method: "GET" | "POST", route: string, body?: unknown): Promise<T> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = https.request(
        {
          host: "127.0.0.1",
          port: this.conf.rest,
          path: route,
          method,
          ca: this.ca,
          headers: {
            "Grpc-Metadata-macaroon": this.macaroon,
            ...(payload ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          let data = "";
          res.on("data", (c: Buffer) => { data += c.toString(); });
          res.on("end", () => {
            if ((res.statusCode ?? 500) >= 400) reject(new Error(`${this.conf.name} ${route}: ${res.statusCode} ${data.slice(0, 200)}`));
            else resolve(JSON.parse(data || "{}") as T);
          });
        },
      );
      req.on("error", reject);
      if (payload) req.write(payload);
      req.end();
    });
  }
}

interface GetInfo {
  alias: string;
  identity_pubkey: string;
  synced_to_chain: boolean;
  chains: { chain: string; network: string }[];
}

async function assertRegtest(node: LndRest, label: string): Promise<GetInfo> {
  const info = await node.request<GetInfo>("GET", "/v1/getinfo");
  const network = info.chains?.[0]?.network;
  if (network !== "regtest") throw new Error(`${label} is on ${network}; this test only runs on regtest`);
  if (!info.synced_to_chain) throw new Error(`${label} is not synced`);
  return info;
}

async function waitSettled(node: LndRest, rHashHex: string, ms = 30000): Promise<boolean> {
  const rHashB64Url = Buffer.from(rHashHex, "hex").toString("base64url");
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const inv = await node.request<{ state: string }>("GET", `/v2/invoices/lookup?payment_hash=${rHashB64Url}`);
    if (inv.state === "SETTLED") return true;
    await new Promise((r) => setTimeout(r, 450));
  }
  return false;
}

function describeFailure(step: string, err: unknown): never {
  // keep the failing step in the message so CI logs are readable without the stack
  const message = err instanceof Error ? err.message : String(err);
  throw new Error(`${step}: ${message}`);
}

function webhookSeen(paymentHash: string): boolean {
  const log = path.join(ROOT, "var", "paywall-webhooks.log");
  return existsSync(log) && readFileSync(log, "utf8").includes(paymentHash);
}

async function expiredInvoiceCase(merchant: LndRest, customer: LndRest): Promise<string> {
  // an invoice with a 1-second expiry must be rejected by the payer once it has expired
  const inv = await merchant.request<{ payment_request: string }>("POST", "/v1/invoices", { value: "100", memo: "expiry test", expiry: "1" });
  await new Promise((r) => setTimeout(r, 2500));
  const res = await customer.request<{ payment_error?: string }>("POST", "/v1/channels/transactions", { payment_request: inv.payment_request });
  if (!res.payment_error) throw new Error("expired invoice was paid");
  return res.payment_error;
}

async function overpaymentCase(merchant: LndRest, customer: LndRest): Promise<string> {
  // zero-amount invoice paid with an explicit amount: the paywall accepts any amount >= price
  const inv = await merchant.request<{ payment_request: string; r_hash: string }>("POST", "/v1/invoices", { memo: "donation" });
  const res = await customer.request<{ payment_error?: string }>("POST", "/v1/channels/transactions", { payment_request: inv.payment_request, amt: "777" });
  if (res.payment_error) throw new Error(`zero-amount payment failed: ${res.payment_error}`);
  const settled = await waitSettled(merchant, Buffer.from(inv.r_hash, "base64").toString("hex"));
  return settled ? "settled" : "not settled";
}

async function channelSummary(node: LndRest, label: string): Promise<void> {
  const chans = await node.request<{ channels?: { chan_id: string; local_balance: string; remote_balance: string; active: boolean }[] }>("GET", "/v1/channels");
  for (const c of chans.channels ?? []) {
    console.log(`${label} channel ${c.chan_id}: local ${c.local_balance} remote ${c.remote_balance}${c.active ? "" : " (inactive)"}`);
  }
}

async function main(): Promise<void> {
  const merchant = new LndRest(NODES.merchant);
  const customer = new LndRest(NODES.customer);
  const [mi, ci] = await Promise.all([assertRegtest(merchant, "merchant"), assertRegtest(customer, "customer")]);
  console.log(`merchant ${mi.alias}, customer ${ci.alias} on regtest`);

  const amount = 2100;
  const invoice = await merchant.request<{ r_hash: string; payment_request: string }>("POST", "/v1/invoices", {
    value: String(amount),
    memo: `e2e ${new Date().toISOString()}`,
    expiry: "600",
  });
  const rHashHex = Buffer.from(invoice.r_hash, "base64").toString("hex");
  console.log(`invoice ${rHashHex.slice(0, 16)}… for ${amount} sat`);

  const decoded = await customer.request<{ num_satoshis: string; destination: string }>("GET", `/v1/payreq/${invoice.payment_request}`);
  if (decoded.destination !== mi.identity_pubkey) throw new Error("invoice destination is not the merchant node");
  if (Number(decoded.num_satoshis) !== amount) throw new Error("decoded amount differs");

  const pay = await customer.request<{ payment_error?: string; payment_preimage?: string }>("POST", "/v1/channels/transactions", {
    payment_request: invoice.payment_request,
    fee_limit: { fixed: "10" },
  });
  if (pay.payment_error) throw new Error(`payment failed: ${pay.payment_error}`);
  const settled = await waitSettled(merchant, rHashHex).catch((err) => describeFailure("settlement lookup", err));
  console.log(settled ? "invoice settled" : "invoice NOT settled within 30 s");

  let hooked = false;
  for (let i = 0; i < 20 && !hooked; i++) {
    hooked = webhookSeen(rHashHex);
    if (!hooked) await new Promise((r) => setTimeout(r, 500));
  }
  console.log(hooked ? "paywall webhook received" : "paywall webhook missing");

  const balance = await customer.request<{ local_balance?: { sat: string } }>("GET", "/v1/balance/channels");
  console.log(`customer channel balance now ${balance.local_balance?.sat ?? "?"} sat`);
  console.log(`expired invoice: ${await expiredInvoiceCase(merchant, customer)}`);
  console.log(`zero-amount invoice: ${await overpaymentCase(merchant, customer)}`);
  await channelSummary(customer, "customer");
  process.exitCode = settled && hooked ? 0 : 1;
}

main().catch((err: Error) => {
  console.error(`lnd-invoice-e2e: ${err.message}`);
  process.exit(1);
});
