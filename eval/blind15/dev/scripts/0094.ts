// scripts/replay-webhooks.ts - replay recorded Stripe webhook fixtures against
// the local API (localhost:4242), signed with the test endpoint secret from the
// project's .env so the handler's signature check is exercised for real.
//
//   npx tsx scripts/replay-webhooks.ts                      # all fixtures
//   npx tsx scripts/replay-webhooks.ts invoice.paid charge.refunded
//   npx tsx scripts/replay-webhooks.ts --fetch evt_1Pabc     # pull one event from Stripe test mode
//
// Fixtures live in test/fixtures/stripe/<type>.json. Fetching uses the test
// secret key (sk_test_...) against api.stripe.com and refuses live keys.
import { createHmac } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

const ROOT = process.cwd();
const FIXTURES = join(ROOT, "test", "fixtures", "stripe");
const TARGET = process.env.WEBHOOK_URL ?? "http://localhost:4242/webhooks/stripe";
const EVENT_ID_RE = /^evt_[A-Za-z0-9]{8,64}$/;
const TYPE_RE = /^[a-z_]+(\.[a-z_]+)+$/;

function dotenv(): Record<string, string> {
  const file = join(ROOT, ".env");
  const out: Record<string, string> = {};
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) out[m[1]] = m[2].replace(/^["']|["']$/g, "");
  }
  return out;
}

function env(name: string): string {
  const v = process.env[name] ?? dotenv()[name];
  if (!v) throw new Error(`${name} missing from environment and .env`);
  return v;
}

function checkTarget(url: string): void {
  const host = new URL(url).hostname;
  if (!["localhost", "127.0.0.1"].includes(host)) throw new Error(`replay only to localhost, not ${host}`);
}

function sign(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const sig = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${sig}`;
}

function loadFixtures(types: string[]): StripeEvent[] {
  if (!existsSync(FIXTURES)) throw new Error(`no fixtures in ${FIXTURES}`);
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith(".json"));
  const events = files.map((f) => JSON.parse(readFileSync(join(FIXTURES, f), "utf8")) as StripeEvent);
  if (!types.length) return events;
  for (const t of types) if (!TYPE_RE.test(t)) throw new Error(`bad event type ${t}`);
  return events.filter((e) => types.includes(e.type));
}

async function replay(event: StripeEvent, secret: string): Promise<{ status: number; ms: number }> {
  const fresh = { ...event, created: Math.floor(Date.now() / 1000) };
  const payload = JSON.stringify(fresh);
  const started = performance.now();
  const res = await fetch(TARGET, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": sign(payload, secret) },
    body: payload,
  });
  await res.arrayBuffer();
  return { status: res.status, ms: Math.round(performance.now() - started) };
}

async function fetchEvent(id: string): Promise<void> {
  if (!EVENT_ID_RE.test(id)) throw new Error(`bad event id ${id}`);
  const key = env("STRIPE_SECRET_KEY");
  if (!key.startsWith("sk_test_")) throw new Error("refusing to use a non-test Stripe key");
  const res = await fetch(`https://api.stripe.com/v1/events/${id}`, {
    headers: { Authorization: `Bearer ${key}`, "Stripe-Version": "2024-06-20" },
  });
  if (!res.ok) throw new Error(`Stripe API ${res.status}: ${await res.text()}`);
  const event = (await res.json()) as StripeEvent;
  mkdirSync(FIXTURES, { recursive: true });
  const file = join(FIXTURES, `${event.type}.json`);
  writeFileSync(file, JSON.stringify(event, null, 2) + "\n");
  console.log(`saved ${event.type} as ${file}`);
}

function listFixtures(): void {
  if (!existsSync(FIXTURES)) {
    console.log("no fixtures yet; use --fetch evt_... to record one");
    return;
  }
  for (const f of readdirSync(FIXTURES).filter((x) => x.endsWith(".json")).sort()) {
    const e = JSON.parse(readFileSync(join(FIXTURES, f), "utf8")) as StripeEvent;
    const obj = e.data?.object ?? {};
    const summary = [obj["object"], obj["id"], obj["amount"] ?? obj["amount_paid"] ?? ""].filter(Boolean).join(" ");
    console.log(`${e.type.padEnd(36)} ${e.id.padEnd(32)} ${summary}`);
  }
}

function usage(): string {
  return [
    "replay-webhooks.ts [type ...]       replay fixtures (all when no type given)",
    "replay-webhooks.ts --list           list recorded fixtures",
    "replay-webhooks.ts --fetch evt_...  record an event from Stripe test mode",
    "",
    `Target: ${TARGET} (override with WEBHOOK_URL, localhost only).`,
    "Secrets: STRIPE_WEBHOOK_SECRET (whsec_...) and, for --fetch, STRIPE_SECRET_KEY (sk_test_...).",
  ].join("\n");
}

async function checkReceiverUp(): Promise<void> {
  const health = new URL("/healthz", TARGET).toString();
  try {
    const res = await fetch(health);
    if (!res.ok) console.warn(`warning: ${health} answered ${res.status}`);
  } catch {
    throw new Error(`nothing is listening at ${TARGET}; start the API with npm run dev`);
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === "--help") {
    console.log(usage());
    return;
  }
  if (argv[0] === "--list") {
    listFixtures();
    return;
  }
  if (argv[0] === "--fetch") {
    await fetchEvent(argv[1] ?? "");
    return;
  }
  await checkReceiverUp();
  checkTarget(TARGET);
  const secret = env("STRIPE_WEBHOOK_SECRET");
  if (!secret.startsWith("whsec_")) throw new Error("STRIPE_WEBHOOK_SECRET should start with whsec_");
  const events = loadFixtures(argv);
  if (!events.length) throw new Error("no matching fixtures");
  let failures = 0;
  for (const e of events) {
    const { status, ms } = await replay(e, secret);
    const ok = status >= 200 && status < 300;
    if (!ok) failures++;
    console.log(`${ok ? "ok  " : "FAIL"} ${e.type.padEnd(36)} ${status} ${ms}ms`);
  }
  console.log(`${events.length - failures}/${events.length} accepted by ${TARGET}`);
  if (failures) process.exitCode = 1;
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
