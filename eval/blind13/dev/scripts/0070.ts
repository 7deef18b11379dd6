#!/usr/bin/env -S npx tsx
// Local webhook receiver for testing Stripe-style signed events against the dev app.
// Binds to 127.0.0.1, verifies the HMAC signature with STRIPE_WEBHOOK_SECRET, and
// appends accepted events to ./var/webhooks.ndjson for inspection.
import { createHmac, timingSafeEqual } from "node:crypto";
import { appendFileSync, mkdirSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { EventEmitter } from "node:events";

const HOST = "127.0.0.1";
const PORT = Number(process.env.WEBHOOK_PORT ?? 4343);
const TOLERANCE_S = 300;
const LOG_FILE = "var/webhooks.ndjson";

type StripeEvent = { id: string; type: string; created: number; data: unknown };

class WebhookBus extends EventEmitter {
  private handled = 0;

  get count(): number {
    return this.handled;
  }

  dispatch(event: StripeEvent): void {
    this.handled++;
    this.emit(event.type, event);
    this.emit("*", event);
  }
}

function readRaw(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on("data", (p: Buffer) => parts.push(p));
    req.on("end", () => resolve(Buffer.concat(parts)));
    req.on("error", reject);
  });
}

function verify(payload: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const fields = Object.fromEntries(header.split(",").map((kv) => kv.split("=") as [string, string]));
  const ts = Number(fields.t);
  if (!ts || Math.abs(Date.now() / 1000 - ts) > TOLERANCE_S) return false;
  const expected = createHmac("sha256", secret).update(`${ts}.${payload.toString("utf8")}`).digest();
  const given = Buffer.from(fields.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function reply(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

const secret = process.env.STRIPE_WEBHOOK_SECRET;
if (!secret) {
  console.error("STRIPE_WEBHOOK_SECRET is required (use the one printed by `stripe listen`)");
  process.exit(2);
}

const bus = new WebhookBus();
mkdirSync("var", { recursive: true });
bus.on("*", (e: StripeEvent) => appendFileSync(LOG_FILE, JSON.stringify(e) + "\n"));
bus.on("invoice.payment_failed", (e: StripeEvent) => console.warn(`payment failed: ${e.id}`));
bus.on("checkout.session.completed", (e: StripeEvent) => console.log(`checkout completed: ${e.id}`));

const server = createServer(async (req, res) => {
  if (req.method !== "POST" || req.url !== "/webhooks/stripe") return reply(res, 404, { error: "not found" });
  const raw = await readRaw(req);
  if (!verify(raw, req.headers["stripe-signature"] as string | undefined, secret)) {
    return reply(res, 400, { error: "bad signature" });
  }
  const event = JSON.parse(raw.toString("utf8")) as StripeEvent;
  bus.dispatch(event);
  return reply(res, 200, { received: true, total: bus.count });
});

server.listen(PORT, HOST, () => {
  console.log(`listening on http://${HOST}:${PORT}/webhooks/stripe`);
  console.log("forward with: stripe listen --forward-to localhost:" + PORT + "/webhooks/stripe");
});

process.on("SIGINT", () => {
  console.log(`\nhandled ${bus.count} event(s)`);
  server.close(() => process.exit(0));
});
