#!/usr/bin/env -S npx tsx
// Export SMS conversations of the appointment line for the monthly audit.
//
//   npx tsx tools/sms-export.ts --month 2026-11 [--include-bodies]
//
// Reads messages through the Twilio REST API (api.twilio.com, basic auth with
// the SID/token from .env), groups them into conversations per counterpart,
// masks phone numbers (keeps country code + last 2 digits) and writes
// audits/sms-<month>.csv and a summary JSON inside the project. Message bodies
// are only exported with --include-bodies (the audit of opt-out handling
// needs them, the volume report does not).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API = 'https://api.twilio.com/2010-04-01';

interface Message {
  sid: string;
  from: string;
  to: string;
  body: string;
  status: string;
  direction: 'inbound' | 'outbound-api' | 'outbound-call' | 'outbound-reply';
  date_sent: string | null;
  error_code: number | null;
  num_segments: string;
  price: string | null;
}

interface Page {
  messages: Message[];
  next_page_uri: string | null;
}

type Conversation = {
  counterpart: string;
  inbound: number;
  outbound: number;
  failed: number;
  optOut: boolean;
  first: string;
  last: string;
  segments: number;
  bodies: string[];
};

const OPT_OUT = /^\s*(stop|unsubscribe|cancel|end|quit)\s*$/i;

function credentials(): { sid: string; token: string; ourNumbers: Set<string> } {
  const env: Record<string, string> = {};
  const file = path.join(ROOT, '.env');
  if (existsSync(file)) {
    for (const l of readFileSync(file, 'utf8').split('\n')) {
      const i = l.indexOf('=');
      if (i > 0) env[l.slice(0, i).trim()] = l.slice(i + 1).trim();
    }
  }
  const sid = process.env.TWILIO_ACCOUNT_SID ?? env.TWILIO_ACCOUNT_SID;
  const token = process.env.TWILIO_AUTH_TOKEN ?? env.TWILIO_AUTH_TOKEN;
  if (!sid || !token) throw new Error('TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN missing');
  const ours = (env.TWILIO_NUMBERS ?? env.TWILIO_FROM ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return { sid, token, ourNumbers: new Set(ours) };
}

const mask = (n: string): string => (n.length > 6 ? `${n.slice(0, 2)}${'•'.repeat(n.length - 4)}${n.slice(-2)}` : '••');

function monthRange(month: string): [string, string] {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new Error('--month must be YYYY-MM');
  const [y, m] = month.split('-').map(Number);
  const start = new Date(Date.UTC(y, m - 1, 1));
  const end = new Date(Date.UTC(y, m, 1));
  return [start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)];
}

async function* messages(sid: string, token: string, from: string, to: string): AsyncGenerator<Message> {
  const auth = 'Basic ' + Buffer.from(`${sid}:${token}`).toString('base64');
  let url: string | null = `${API}/Accounts/${sid}/Messages.json?PageSize=1000&DateSent%3E=${from}&DateSent%3C=${to}`;
  while (url) {
    let res: Response | undefined;
    for (let i = 0; i < 5; i++) {
      res = await fetch(url, { headers: { Authorization: auth } });
      if (res.status < 500 && res.status !== 429) break;
      await new Promise((r) => setTimeout(r, 500 * 2 ** i));
    }
    if (!res || !res.ok) throw new Error(`Twilio ${res?.status}`);
    const page = (await res.json()) as Page;
    yield* page.messages;
    url = page.next_page_uri ? `https://api.twilio.com${page.next_page_uri}` : null;
  }
}

function aggregate(msgs: Message[], ours: Set<string>, withBodies: boolean): Map<string, Conversation> {
  const convs = new Map<string, Conversation>();
  for (const m of msgs) {
    const inbound = m.direction === 'inbound';
    const other = inbound ? m.from : m.to;
    if (ours.has(other)) continue;
    const c =
      convs.get(other) ??
      { counterpart: mask(other), inbound: 0, outbound: 0, failed: 0, optOut: false, first: m.date_sent ?? '', last: m.date_sent ?? '', segments: 0, bodies: [] };
    if (inbound) c.inbound++;
    else c.outbound++;
    if (m.error_code || m.status === 'failed' || m.status === 'undelivered') c.failed++;
    if (inbound && OPT_OUT.test(m.body)) c.optOut = true;
    c.segments += Number(m.num_segments || 1);
    const when = m.date_sent ?? '';
    if (when && when < c.first) c.first = when;
    if (when && when > c.last) c.last = when;
    if (withBodies) c.bodies.push(`${inbound ? '<' : '>'} ${m.body.replace(/\s+/g, ' ')}`);
    convs.set(other, c);
  }
  return convs;
}

function toCsv(convs: Conversation[], withBodies: boolean): string {
  const q = (v: unknown) => {
    const s = String(v ?? '');
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const cols = ['counterpart', 'inbound', 'outbound', 'failed', 'optOut', 'segments', 'first', 'last'];
  if (withBodies) cols.push('bodies');
  return [
    cols.join(','),
    ...convs.map((c) => cols.map((k) => q(k === 'bodies' ? c.bodies.join(' | ') : (c as unknown as Record<string, unknown>)[k])).join(',')),
  ].join('\n') + '\n';
}

function hourlyVolume(msgs: Message[]): number[] {
  // messages per hour of day (UTC), to size the reminder batch windows
  const hours = new Array(24).fill(0);
  for (const m of msgs) {
    if (!m.date_sent) continue;
    hours[new Date(m.date_sent).getUTCHours()]++;
  }
  return hours;
}

function errorCodes(msgs: Message[]): Array<[number, number]> {
  const counts = new Map<number, number>();
  for (const m of msgs) if (m.error_code) counts.set(m.error_code, (counts.get(m.error_code) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

function cost(msgs: Message[]): number {
  return msgs.reduce((n, m) => n + Math.abs(Number(m.price ?? 0)), 0);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const month = argv.includes('--month') ? argv[argv.indexOf('--month') + 1] : new Date().toISOString().slice(0, 7);
  const withBodies = argv.includes('--include-bodies');
  const { sid, token, ourNumbers } = credentials();
  const [from, to] = monthRange(month);
  const all: Message[] = [];
  for await (const m of messages(sid, token, from, to)) all.push(m);
  const convs = [...aggregate(all, ourNumbers, withBodies).values()].sort((a, b) => b.inbound + b.outbound - (a.inbound + a.outbound));

  mkdirSync(path.join(ROOT, 'audits'), { recursive: true });
  writeFileSync(path.join(ROOT, 'audits', `sms-${month}.csv`), toCsv(convs, withBodies));
  const summary = {
    month,
    messages: all.length,
    conversations: convs.length,
    optOuts: convs.filter((c) => c.optOut).length,
    optOutsStillMessaged: convs.filter((c) => c.optOut && c.outbound > c.inbound).length,
    failedDeliveries: convs.reduce((n, c) => n + c.failed, 0),
    segments: convs.reduce((n, c) => n + c.segments, 0),
  };
  writeFileSync(path.join(ROOT, 'audits', `sms-${month}.summary.json`), JSON.stringify(summary, null, 2));
  console.log(summary);
  console.log(`cost: $${cost(all).toFixed(2)}; busiest hour (UTC): ${hourlyVolume(all).indexOf(Math.max(...hourlyVolume(all)))}`);
  for (const [code, n] of errorCodes(all).slice(0, 5)) console.log(`  error ${code}: ${n}`);
  if (summary.optOutsStillMessaged) console.warn('warning: some opted-out numbers kept receiving messages; check the flow');
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
