#!/usr/bin/env -S npx tsx
// Replay recorded Stripe webhook events against the local API.
//
// Events are recorded (by `stripe listen --print-json > fixtures/webhooks/*.json`
// or exported from the Stripe dashboard in test mode) and replayed to
// http://127.0.0.1:<port>/webhooks/stripe with a freshly computed
// Stripe-Signature header, using the local signing secret from .env
// (STRIPE_WEBHOOK_SECRET, a `whsec_` test value). Nothing leaves the machine.
import { createHmac } from "node:crypto";
import { readFileSync, readdirSync, existsSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const FIXTURES = path.join(ROOT, "fixtures", "webhooks");
// replay logs are kept next to the other local scratch output (git-ignored)
const LOG_DIR = path.join(ROOT, "tmp", "webhook-replay");

interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

interface Options {
  port: number;
  filter: RegExp | null;
  delayMs: number;
  rewriteIds: boolean;
  stopOnError: boolean;
}

function readDotEnv(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  if (!existsSync(file)) {
    return {};
  }
  const out: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*"?([^"\n]*)"?\s*$/.exec(line);
    if (m) {
      out[m[1]] = m[2];
    }
  }
  return out;
}

function parseOptions(): Options {
  const argv = process.argv.slice(2);
  const get = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    port: Number(get("--port") ?? 4000),
    filter: get("--type") ? new RegExp(get("--type")!) : null,
    delayMs: Number(get("--delay") ?? 100),
    rewriteIds: !argv.includes("--keep-ids"),
    stopOnError: argv.includes("--stop-on-error"),
  };
}

function loadEvents(filter: RegExp | null): StripeEvent[] {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith(".json")).sort();
  const events: StripeEvent[] = [];
  for (const f of files) {
    const parsed = JSON.parse(readFileSync(path.join(FIXTURES, f), "utf8"));
    const list: StripeEvent[] = Array.isArray(parsed) ? parsed : parsed.data ?? [parsed];
    for (const ev of list) {
      if (!filter || filter.test(ev.type)) {
        events.push(ev);
      }
    }
  }
  return events.sort((a, b) => a.created - b.created);
}

function sign(payload: string, secret: string, timestamp: number): string {
  // https://docs.stripe.com/webhooks#verify-manually : v1 = HMAC-SHA256("t.payload")
  const sig = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${sig}`;
}

function freshen(ev: StripeEvent, rewrite: boolean): StripeEvent {
  if (!rewrite) {
    return ev;
  }
  // new ids so the API's idempotency table does not drop replays
  const suffix = Math.random().toString(36).slice(2, 10);
  return { ...ev, id: `${ev.id}_replay_${suffix}`, created: Math.floor(Date.now() / 1000) };
}

async function deliver(ev: StripeEvent, opts: Options, secret: string): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(ev);
  const ts = Math.floor(Date.now() / 1000);
  const res = await fetch(`http://127.0.0.1:${opts.port}/webhooks/stripe`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": sign(payload, secret, ts),
      "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    },
    body: payload,
  });
  return { status: res.status, body: (await res.text()).slice(0, 500) };
}

// Quick check that the local API is up before replaying anything, so a
// forgotten `npm run dev` gives one clear message instead of N failures.
async function apiIsUp(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

function describe(events: StripeEvent[]): void {
  if (!events.length) {
    return;
  }
  const first = new Date(events[0].created * 1000).toISOString();
  const last = new Date(events[events.length - 1].created * 1000).toISOString();
  console.log(`recorded between ${first} and ${last}`);
}

async function main(): Promise<void> {
  const opts = parseOptions();
  if (!(await apiIsUp(opts.port))) {
    throw new Error(`nothing answering on 127.0.0.1:${opts.port}/health; start the API first`);
  }
  const env = { ...readDotEnv(), ...process.env };
  const secret = env.STRIPE_WEBHOOK_SECRET;
  if (!secret || !secret.startsWith("whsec_")) {
    throw new Error("STRIPE_WEBHOOK_SECRET (whsec_...) missing from .env");
  }
  const events = loadEvents(opts.filter);
  console.log(`replaying ${events.length} event(s) to 127.0.0.1:${opts.port}`);
  describe(events);
  mkdirSync(LOG_DIR, { recursive: true });
  const log: { id: string; type: string; status: number; body: string }[] = [];
  let failed = 0;
  for (const original of events) {
    const ev = freshen(original, opts.rewriteIds);
    let result: { status: number; body: string };
    try {
      result = await deliver(ev, opts, secret);
    } catch (err) {
      result = { status: 0, body: (err as Error).message };
    }
    log.push({ id: ev.id, type: ev.type, ...result });
    const ok = result.status >= 200 && result.status < 300;
    console.log(`${ok ? "ok  " : "FAIL"} ${String(result.status).padStart(3)} ${ev.type} ${ev.id}`);
    if (!ok) {
      failed++;
      if (opts.stopOnError) {
        break;
      }
    }
    await new Promise((r) => setTimeout(r, opts.delayMs));
  }
  const logFile = path.join(LOG_DIR, `${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(logFile, JSON.stringify(log, null, 2));
  const byType = new Map<string, number>();
  for (const entry of log) {
    byType.set(entry.type, (byType.get(entry.type) ?? 0) + 1);
  }
  console.log("\nby type:");
  for (const [type, n] of [...byType].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${type.padEnd(40)} ${n}`);
  }
  console.log(`\n${log.length - failed} delivered, ${failed} failed; log: ${path.relative(ROOT, logFile)}`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 2;
});
