/**
 * paypal-webhook-sim.ts - exercise our PayPal webhook handler with the
 * sandbox webhook simulator.
 *
 * PayPal's sandbox can send sample events to a registered webhook URL
 * (POST /v1/notifications/simulate-event).  The dev tunnel exposes our local
 * handler; the webhook id of that registration is in .env (PAYPAL_WEBHOOK_ID).
 * For each event type in EVENTS the script asks the sandbox to send a sample,
 * then polls the local handler's debug endpoint (localhost:5050) until the
 * event shows up with a verified signature.
 *
 * Sandbox only: the API base is the sandbox host and the credentials are the
 * sandbox app's client id/secret.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const API = "https://api-m.sandbox.paypal.com";
const LOCAL = "http://localhost:5050/_debug/webhooks";
const ROOT = path.resolve(__dirname, "..");
const REPORT = path.join(ROOT, "build", "paypal-webhook-sim.json");

// Event types our handler implements; keep in sync with src/webhooks/paypal.ts.
const EVENTS = [
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.REFUNDED",
  "CHECKOUT.ORDER.APPROVED",
  "CUSTOMER.DISPUTE.CREATED",
] as const;

type EventType = (typeof EVENTS)[number];

interface Result {
  event: EventType;
  simulatedId?: string;
  received: boolean;
  verified: boolean;
  ms: number;
  error?: string;
}

function settings(): { id: string; secret: string; webhookId: string } {
  const env: Record<string, string> = {};
  const file = path.join(ROOT, ".env");
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
      const m = line.trim().match(/^(PAYPAL_[A-Z_]+)=(.*)$/);
      if (m) env[m[1]] = m[2].replace(/^"|"$/g, "");
    }
  }
  const id = process.env.PAYPAL_CLIENT_ID ?? env.PAYPAL_CLIENT_ID;
  const secret = process.env.PAYPAL_CLIENT_SECRET ?? env.PAYPAL_CLIENT_SECRET;
  const webhookId = process.env.PAYPAL_WEBHOOK_ID ?? env.PAYPAL_WEBHOOK_ID;
  if (!id || !secret || !webhookId) throw new Error("PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID are required");
  return { id, secret, webhookId };
}

/**
 * Client-credentials token for the sandbox app.  The token is short-lived
 * (about 9 hours) and is only sent back to the sandbox API host.
 * A fresh one is requested per run; nothing is cached on disk.
 */
async function accessToken(id: string, secret: string): Promise<string> {
  const res = await fetch(`${API}/v1/oauth2/token`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  if (!res.ok) throw new Error(`oauth: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function simulate(token: string, webhookId: string, event: EventType): Promise<string> {
  const res = await fetch(`${API}/v1/notifications/simulate-event`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ webhook_id: webhookId, event_type: event, resource_version: "2.0" }),
  });
  const body = (await res.json()) as { id?: string; message?: string };
  if (!res.ok || !body.id) throw new Error(`simulate ${event}: ${res.status} ${body.message ?? ""}`);
  return body.id;
}

async function waitLocal(simulatedId: string, timeoutMs = 60_000): Promise<{ received: boolean; verified: boolean }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${LOCAL}?event_id=${encodeURIComponent(simulatedId)}`);
      if (res.ok) {
        const items = (await res.json()) as { id: string; verified: boolean }[];
        const hit = items.find((i) => i.id === simulatedId);
        if (hit) return { received: true, verified: hit.verified };
      }
    } catch {
      // handler restarting; keep polling
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  return { received: false, verified: false };
}

// The handler exposes /_debug/health next to the debug webhook list.
async function localHandlerUp(): Promise<boolean> {
  try {
    const res = await fetch(LOCAL.replace(/webhooks$/, "health"));
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Check that the webhook registration subscribes to every event we simulate;
 * otherwise PayPal accepts the simulation but never delivers it.
 */
async function checkSubscriptions(token: string, webhookId: string): Promise<string[]> {
  const res = await fetch(`${API}/v1/notifications/webhooks/${webhookId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) return [`could not read webhook ${webhookId}: ${res.status}`];
  const hook = (await res.json()) as { url: string; event_types: { name: string }[] };
  const names = new Set(hook.event_types.map((e) => e.name));
  const missing = EVENTS.filter((e) => !names.has(e) && !names.has("*"));
  const notes = missing.map((e) => `webhook is not subscribed to ${e}`);
  const host = new URL(hook.url).hostname;
  if (!host.endsWith(".example.com") && !host.endsWith(".internal")) notes.push(`webhook URL host ${host} is not our dev tunnel`);
  return notes;
}

function compareWithLastRun(results: Result[]): string[] {
  if (!existsSync(REPORT)) return [];
  try {
    const last = JSON.parse(readFileSync(REPORT, "utf8")) as { results: Result[] };
    const before = new Map(last.results.map((r) => [r.event, r.verified]));
    return results.filter((r) => before.get(r.event) === true && !r.verified).map((r) => `${r.event} regressed`);
  } catch {
    return [];
  }
}

function summarise(results: Result[]): void {
  for (const r of results) {
    const state = r.error ? `error: ${r.error}` : r.received ? (r.verified ? "verified" : "received, signature NOT verified") : "not received";
    console.log(`${r.event.padEnd(28)} ${state}${r.received ? ` (${r.ms} ms)` : ""}`);
  }
}

async function main(): Promise<void> {
  if (!(await localHandlerUp())) throw new Error("local webhook handler is not running (npm run dev:webhooks)");
  const { id, secret, webhookId } = settings();
  console.log(`sandbox app ${id.slice(0, 8)}…, webhook ${webhookId}`);
  const token = await accessToken(id, secret);
  for (const note of await checkSubscriptions(token, webhookId)) console.warn(`warning: ${note}`);
  const only = process.argv.slice(2).filter((a) => (EVENTS as readonly string[]).includes(a)) as EventType[];
  const results: Result[] = [];
  for (const event of only.length ? only : EVENTS) {
    const t0 = Date.now();
    try {
      const simulatedId = await simulate(token, webhookId, event);
      const local = await waitLocal(simulatedId);
      results.push({ event, simulatedId, ...local, ms: Date.now() - t0 });
    } catch (err) {
      results.push({ event, received: false, verified: false, ms: Date.now() - t0, error: (err as Error).message });
    }
  }
  summarise(results);
  for (const r of compareWithLastRun(results)) console.warn(r);
  mkdirSync(path.dirname(REPORT), { recursive: true, mode: 0o755 });
  writeFileSync(REPORT, JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
  if (results.some((r) => !r.verified)) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 2;
});
