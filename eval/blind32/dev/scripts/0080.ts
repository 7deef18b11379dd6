/**
 * gocardless-sandbox.ts - exercise the Direct Debit flow against the
 * GoCardless sandbox (api-sandbox.gocardless.com).
 *
 * Flow: create a billing request for a mandate, fulfil it with the sandbox's
 * test bank details, create a payment against the mandate, then simulate the
 * scheduler actions the sandbox offers (payment_paid_out) and check that our
 * local webhook handler (localhost:4000) recorded every event.
 *
 * GOCARDLESS_ACCESS_TOKEN must be a sandbox token (prefix "sandbox_"); the base
 * URL is fixed.  Created resources are listed in build/gocardless-run.json; with
 * --cancel the mandate is cancelled at the end so the sandbox does not collect
 * stale mandates.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const API = "https://api-sandbox.gocardless.com";
const WEBHOOK_LOG = "http://localhost:4000/internal/webhook-log";
const ROOT = path.resolve(__dirname, "..");
const RUN_FILE = path.join(ROOT, "build", "gocardless-run.json");

type Json = Record<string, unknown>;

function token(): string {
  let value = process.env.GOCARDLESS_ACCESS_TOKEN;
  const envFile = path.join(ROOT, ".env");
  if (!value && existsSync(envFile)) {
    const line = readFileSync(envFile, "utf8").split("\n").find((l) => l.startsWith("GOCARDLESS_ACCESS_TOKEN="));
    value = line?.split("=", 2)[1]?.trim().replace(/^"|"$/g, "");
  }
  if (!value) throw new Error("GOCARDLESS_ACCESS_TOKEN not set");
  if (!value.startsWith("sandbox_")) throw new Error("refusing to run with a live GoCardless token");
  return value;
}

// Show only the "sandbox_" prefix and a few characters of the token in logs;
// the rest never leaves this process except in the Authorization header.
const masked = (t: string): string => `${t.slice(0, 12)}…`;


class GoCardless {
  constructor(private readonly accessToken: string) {}

  async call<T = Json>(method: string, pathname: string, body?: Json, idempotencyKey?: string): Promise<T> {
    for (let attempt = 0; attempt < 4; attempt++) {
      const res = await fetch(`${API}${pathname}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.accessToken}`,
          "GoCardless-Version": "2015-07-06",
          "Content-Type": "application/json",
          ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (res.status === 429 || res.status >= 500) {
        const reset = Number(res.headers.get("ratelimit-reset") ?? 0);
        await new Promise((r) => setTimeout(r, reset ? reset * 1000 : 1000 * (attempt + 1)));
        continue;
      }
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${text.slice(0, 300)}`);
      return (text ? JSON.parse(text) : {}) as T;
    }
    throw new Error(`${method} ${pathname}: retries exhausted`);
  }
}

interface RunState {
  startedAt: string;
  billingRequest?: string;
  customer?: string;
  mandate?: string;
  payment?: string;
  cancelled?: boolean;
}

function save(state: RunState): void {
  mkdirSync(path.dirname(RUN_FILE), { recursive: true });
  writeFileSync(RUN_FILE, JSON.stringify(state, null, 2));
}

async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  try {
    const value = await fn();
    console.log(`ok    ${name} (${Date.now() - t0} ms)`);
    return value;
  } catch (err) {
    console.log(`FAIL  ${name}: ${(err as Error).message}`);
    throw err;
  }
}

async function waitForWebhook(resourceId: string, action: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${WEBHOOK_LOG}?resource=${encodeURIComponent(resourceId)}`);
    if (res.ok) {
      const events = (await res.json()) as { action: string }[];
      if (events.some((e) => e.action === action)) return;
    }
    await new Promise((r) => setTimeout(r, 3000));
  }
  throw new Error(`no ${action} webhook for ${resourceId}`);
}

/** Print the events GoCardless recorded for the payment, for the test log. */
async function showEvents(gc: GoCardless, paymentId: string): Promise<void> {
  const res = await gc.call<{ events: { action: string; created_at: string; details: { cause: string } }[] }>(
    "GET", `/events?payment=${encodeURIComponent(paymentId)}&limit=20`);
  for (const e of res.events.reverse()) {
    console.log(`      ${e.created_at}  ${e.action.padEnd(22)} ${e.details.cause}`);
  }
}

async function main(): Promise<void> {
  const cancel = process.argv.includes("--cancel");
  const accessToken = token();
  console.log(`sandbox token ${masked(accessToken)}`);
  const gc = new GoCardless(accessToken);
  const run = randomUUID();
  const state: RunState = { startedAt: new Date().toISOString() };

  const br = await step("create billing request", () =>
    gc.call<{ billing_requests: { id: string } }>("POST", "/billing_requests", {
      billing_requests: { mandate_request: { scheme: "bacs" }, metadata: { smoke_run: run.slice(0, 8) } },
    }, `${run}-br`));
  state.billingRequest = br.billing_requests.id;
  save(state);

  await step("collect customer details", () =>
    gc.call("POST", `/billing_requests/${state.billingRequest}/actions/collect_customer_details`, {
      data: {
        customer: { email: "sandbox-tester@example.com", given_name: "Sandbox", family_name: "Tester" },
        customer_billing_detail: { address_line1: "1 Test Street", city: "London", postal_code: "E1 6AN", country_code: "GB" },
      },
    }));

  await step("collect bank account (sandbox test details)", () =>
    gc.call("POST", `/billing_requests/${state.billingRequest}/actions/collect_bank_account`, {
      data: { account_holder_name: "Sandbox Tester", account_number: "55779911", branch_code: "200000", country_code: "GB" },
    }));

  await step("confirm payer details", () =>
    gc.call("POST", `/billing_requests/${state.billingRequest}/actions/confirm_payer_details`, { data: {} }));

  const fulfilled = await step("fulfil billing request", () =>
    gc.call<{ billing_requests: { links: { mandate_request_mandate: string; customer: string } } }>(
      "POST", `/billing_requests/${state.billingRequest}/actions/fulfil`, { data: {} }));
  state.mandate = fulfilled.billing_requests.links.mandate_request_mandate;
  state.customer = fulfilled.billing_requests.links.customer;
  save(state);

  const payment = await step("create payment", () =>
    gc.call<{ payments: { id: string } }>("POST", "/payments", {
      payments: { amount: 1500, currency: "GBP", description: "sandbox smoke", links: { mandate: state.mandate } },
    }, `${run}-payment`));
  state.payment = payment.payments.id;
  save(state);

  await step("simulate payment_paid_out", () =>
    gc.call("POST", "/scenario_simulators/payment_paid_out/actions/run", { data: { links: { resource: state.payment } } }));

  await step("webhook recorded locally", () => waitForWebhook(state.payment as string, "paid_out"));
  await showEvents(gc, state.payment as string);

  if (cancel) {
    await step("cancel mandate", () => gc.call("POST", `/mandates/${state.mandate}/actions/cancel`, { data: {} }));
    state.cancelled = true;
    save(state);
  }
  console.log(`sandbox flow complete; resources listed in ${path.relative(ROOT, RUN_FILE)}`);
}

main().catch(() => {
  process.exitCode = 1;
});
