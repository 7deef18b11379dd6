/**
 * scripts/replay-webhooks.ts — replay recorded Stripe webhook events against the
 * local API, signed exactly like Stripe signs them.
 *
 *   tsx scripts/replay-webhooks.ts                         all fixtures
 *   tsx scripts/replay-webhooks.ts invoice.paid            one event type
 *   tsx scripts/replay-webhooks.ts --record evt_123        fetch a test-mode event
 *
 * Signing uses STRIPE_WEBHOOK_SECRET from .env.local (the secret printed by
 * `stripe listen`); requests only go to the local API (WEBHOOK_URL must be on
 * localhost). `--record` downloads a test-mode event from api.stripe.com with
 * STRIPE_TEST_KEY in the Authorization header and stores it under fixtures/.
 */
import { createHmac } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const FIXTURES = path.join(ROOT, "fixtures", "stripe-events");
const STRIPE_API = "https://api.stripe.com/v1";
const DEFAULT_URL = "http://localhost:4000/webhooks/stripe";

interface StripeEvent {
  id: string;
  type: string;
  created: number;
  livemode: boolean;
  data: { object: Record<string, unknown> };
}

function envLocal(): Record<string, string> {
  const file = path.join(ROOT, ".env.local");
  const out: Record<string, string> = {};
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const i = line.indexOf("=");
    if (i > 0 && !line.trimStart().startsWith("#")) out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return out;
}

const ENV = { ...envLocal(), ...process.env } as Record<string, string | undefined>;

function webhookUrl(): string {
  const url = new URL(ENV.WEBHOOK_URL ?? DEFAULT_URL);
  if (!["localhost", "127.0.0.1"].includes(url.hostname)) {
    throw new Error(`WEBHOOK_URL must point at the local API, got ${url.hostname}`);
  }
  return url.toString();
}

function sign(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

function loadFixtures(filter?: string): StripeEvent[] {
  if (!existsSync(FIXTURES)) return [];
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(FIXTURES, f), "utf8")) as StripeEvent)
    .filter((e) => !filter || e.type === filter || e.id === filter);
}

async function deliver(event: StripeEvent, url: string, secret: string): Promise<{ status: number; ms: number }> {
  if (event.livemode) throw new Error(`${event.id} is a live-mode event; fixtures must be test mode`);
  const replayed = { ...event, created: Math.floor(Date.now() / 1000) };
  const body = JSON.stringify(replayed);
  const started = performance.now();
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": sign(body, secret) },
    body,
  });
  return { status: res.status, ms: Math.round(performance.now() - started) };
}

async function record(eventId: string): Promise<void> {
  const key = ENV.STRIPE_TEST_KEY;
  if (!key?.startsWith("sk_test_")) throw new Error("STRIPE_TEST_KEY (sk_test_...) is required to record events");
  const res = await fetch(`${STRIPE_API}/events/${encodeURIComponent(eventId)}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  if (!res.ok) throw new Error(`Stripe ${res.status}: ${await res.text()}`);
  const event = (await res.json()) as StripeEvent;
  mkdirSync(FIXTURES, { recursive: true });
  const file = path.join(FIXTURES, `${event.type}.${event.id}.json`);
  writeFileSync(file, JSON.stringify(scrub(event), null, 2) + "\n");
  console.log(`recorded ${event.type} -> ${path.relative(ROOT, file)}`);
}

function scrub(event: StripeEvent): StripeEvent {
  // keep fixtures free of customer PII even in test mode
  const obj = { ...event.data.object };
  for (const k of ["email", "name", "phone", "address", "shipping", "customer_email", "customer_name"]) {
    if (k in obj) obj[k] = k.includes("email") ? "customer@example.test" : null;
  }
  return { ...event, data: { object: obj } };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === "--record") {
    if (!args[1]) throw new Error("--record needs an event id");
    return record(args[1]);
  }
  const secret = ENV.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new Error("STRIPE_WEBHOOK_SECRET missing (run `stripe listen` and copy the whsec_ value)");
  const url = webhookUrl();
  const events = loadFixtures(args[0]);
  if (!events.length) throw new Error("no matching fixtures");
  let failed = 0;
  for (const e of events) {
    const { status, ms } = await deliver(e, url, secret);
    const ok = status >= 200 && status < 300;
    if (!ok) failed++;
    console.log(`${ok ? "ok " : "ERR"} ${String(status).padEnd(4)} ${String(ms).padStart(5)}ms  ${e.type.padEnd(36)} ${e.id}`);
  }
  console.log(`\n${events.length - failed}/${events.length} delivered`);
  process.exitCode = failed ? 1 : 0;
}

/**
 * Verify that the local API rejects tampered payloads: re-sign with a wrong
 * secret and with a stale timestamp, and expect 400 for both. Useful after
 * touching the webhook middleware.
 */
async function negativeChecks(): Promise<void> {
  const url = webhookUrl();
  const secret = ENV.STRIPE_WEBHOOK_SECRET ?? "";
  const [sample] = loadFixtures();
  if (!sample) throw new Error("need at least one fixture for negative checks");
  const body = JSON.stringify(sample);
  const cases: { name: string; header: string }[] = [
    { name: "wrong secret", header: sign(body, `${secret}x`) },
    { name: "stale timestamp", header: sign(body, secret, Math.floor(Date.now() / 1000) - 3600) },
    { name: "missing v1", header: `t=${Math.floor(Date.now() / 1000)}` },
  ];
  let failures = 0;
  for (const c of cases) {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": c.header },
      body,
    });
    const ok = res.status === 400;
    if (!ok) failures++;
    console.log(`${ok ? "ok " : "ERR"} ${c.name.padEnd(18)} -> ${res.status}`);
  }
  process.exitCode = failures ? 1 : 0;
}

function fixtureSummary(): { total: number; oldest: string | null } {
  const events = loadFixtures();
  if (!events.length) return { total: 0, oldest: null };
  const oldest = events.reduce((a, b) => (a.created < b.created ? a : b));
  return { total: events.length, oldest: new Date(oldest.created * 1000).toISOString().slice(0, 10) };
}

function listTypes(): void {
  const summary = fixtureSummary();
  console.log(`${summary.total} fixture(s), oldest recorded ${summary.oldest ?? "-"}`);
  const counts = new Map<string, number>();
  for (const e of loadFixtures()) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  for (const [type, n] of [...counts].sort()) console.log(`${String(n).padStart(3)}  ${type}`);
}

if (process.argv.includes("--list")) {
  listTypes();
} else if (process.argv.includes("--negative")) {
  negativeChecks().catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
} else {
  main().catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
}
