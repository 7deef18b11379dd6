#!/usr/bin/env -S npx tsx
/**
 * scripts/stripe-events-replay.ts - fetch recent TEST-MODE events from the
 * Stripe API and re-deliver them, freshly signed, to the local webhook route.
 *
 *   npx tsx scripts/stripe-events-replay.ts --type invoice.paid --limit 5
 *   npx tsx scripts/stripe-events-replay.ts --since 2h
 *
 * Reads STRIPE_SECRET_KEY (must be sk_test_/rk_test_) and the local endpoint
 * secret STRIPE_WEBHOOK_SECRET from .env.local. Only https://api.stripe.com is
 * contacted with the key; deliveries go to the loopback URL in REPLAY_URL.
 *
 * --save-fixtures stores scrubbed copies under test/fixtures/stripe/.
 */
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

interface StripeEvent {
  id: string;
  type: string;
  created: number;
  livemode: boolean;
  data: { object: Record<string, unknown> };
}

interface ListResponse<T> {
  data: T[];
  has_more: boolean;
}

const ROOT = path.resolve(__dirname, '..');
const API = 'https://api.stripe.com/v1';
const REPLAY_URL = process.env.REPLAY_URL ?? 'http://127.0.0.1:8787/api/stripe/webhook';

function envFile(name: string): Record<string, string> {
  const file = path.join(ROOT, name);
  if (!existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m) out[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
  }
  return out;
}

const env: Record<string, string | undefined> = { ...envFile('.env'), ...envFile('.env.local'), ...process.env };

function testKey(): string {
  const key = env.STRIPE_SECRET_KEY ?? '';
  if (!/^(sk|rk)_test_/.test(key)) throw new Error('STRIPE_SECRET_KEY must be a test-mode key');
  return key;
}

function endpointSecret(): string {
  const s = env.STRIPE_WEBHOOK_SECRET ?? '';
  if (!s.startsWith('whsec_')) throw new Error('STRIPE_WEBHOOK_SECRET (whsec_...) missing from .env.local');
  return s;
}

function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) throw new Error(`REPLAY_URL must be loopback, got ${host}`);
}

function parseSince(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const m = /^(\d+)([mhd])$/.exec(value);
  if (!m) throw new Error('--since like 30m, 2h or 1d');
  const seconds = Number(m[1]) * { m: 60, h: 3600, d: 86400 }[m[2] as 'm' | 'h' | 'd'];
  return Math.floor(Date.now() / 1000) - seconds;
}

async function listEvents(key: string, type: string | undefined, limit: number, since: number | undefined): Promise<StripeEvent[]> {
  const params = new URLSearchParams({ limit: String(Math.min(limit, 100)) });
  if (type) params.set('type', type);
  if (since) params.set('created[gte]', String(since));
  for (let attempt = 0; attempt <= 3; attempt += 1) {
    const res = await fetch(`${API}/events?${params}`, { headers: { Authorization: `Bearer ${key}` } });
    if (res.status === 429) {
      await new Promise((r) => setTimeout(r, 400 * 2 ** attempt));
      continue;
    }
    if (!res.ok) throw new Error(`stripe events: HTTP ${res.status}`);
    const body = (await res.json()) as ListResponse<StripeEvent>;
    return body.data.slice(0, limit);
  }
  throw new Error('stripe API kept rate limiting');
}

function signature(payload: string, secret: string): string {
  const ts = Math.floor(Date.now() / 1000);
  const mac = createHmac('sha256', secret).update(`${ts}.${payload}`).digest('hex');
  return `t=${ts},v1=${mac}`;
}

async function deliver(event: StripeEvent, secret: string): Promise<number> {
  const payload = JSON.stringify(event);
  const res = await fetch(REPLAY_URL, {
    method: 'POST',
    headers: { 'stripe-signature': signature(payload, secret), 'content-type': 'application/json' },
    body: payload,
  });
  return res.status;
}

function args(): { type?: string; limit: number; since?: number; save: boolean } {
  const argv = process.argv.slice(2);
  const get = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    type: get('--type'),
    limit: Number(get('--limit') ?? 10),
    since: parseSince(get('--since')),
    save: argv.includes('--save-fixtures'),
  };
}

function saveFixture(event: StripeEvent): void {
  const dir = path.join(ROOT, 'test', 'fixtures', 'stripe');
  mkdirSync(dir, { recursive: true });
  const scrubbed = JSON.parse(JSON.stringify(event, (k, v) => (['email', 'phone', 'name', 'address'].includes(k) ? null : v)));
  writeFileSync(path.join(dir, `${event.type}.${event.id}.json`), JSON.stringify(scrubbed, null, 2));
}

/**
 * Group events by type for a quick overview before delivering them.
 */
function overview(events: StripeEvent[]): void {
  const counts = new Map<string, number>();
  for (const ev of events) counts.set(ev.type, (counts.get(ev.type) ?? 0) + 1);
  const rows = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  for (const [type, n] of rows) console.log(`  ${String(n).padStart(3)}  ${type}`);
}

async function handlerUp(): Promise<boolean> {
  const health = new URL(REPLAY_URL);
  health.pathname = '/healthz';
  try {
    const res = await fetch(health, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const opts = args();
  assertLoopback(REPLAY_URL);
  if (!(await handlerUp())) throw new Error(`local app not reachable at ${new URL(REPLAY_URL).origin}`);
  const key = testKey();
  const secret = endpointSecret();
  const events = await listEvents(key, opts.type, opts.limit, opts.since);
  if (!events.length) {
    console.log('no matching events');
    return;
  }
  console.log(`${events.length} event(s):`);
  overview(events);
  let failed = 0;
  for (const ev of events.reverse()) {
    if (ev.livemode) {
      console.log(`skip ${ev.id}: livemode`);
      continue;
    }
    if (opts.save) saveFixture(ev);
    const status = await deliver(ev, secret);
    const ok = status >= 200 && status < 300;
    if (!ok) failed += 1;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${status} ${ev.type.padEnd(36)} ${ev.id}`);
  }
  if (failed) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
