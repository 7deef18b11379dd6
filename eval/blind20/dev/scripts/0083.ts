#!/usr/bin/env -S npx tsx
// scripts/twilio-replay.ts - replay inbound SMS / status-callback webhooks to
// the local server, signed like Twilio signs them (X-Twilio-Signature =
// base64(HMAC-SHA1(authToken, url + sorted params))).
//
// Fixtures live in test/fixtures/twilio/*.json as { "path": "/sms/inbound",
// "params": { ... } }. The auth token is the TEST credential from .env
// (TWILIO_AUTH_TOKEN); optional --fetch pulls the last N real inbound messages
// of the test sub-account from api.twilio.com to create new fixtures.
import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Fixture {
  path: string;
  params: Record<string, string>;
}

interface Result {
  fixture: string;
  status: number;
  ok: boolean;
  body: string;
}

const ROOT = path.resolve(__dirname, '..');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'twilio');
const BASE = process.env.REPLAY_BASE ?? 'http://localhost:3000';

function dotenv(): Record<string, string> {
  const file = path.join(ROOT, '.env');
  if (!existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m) out[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
  }
  return out;
}

const env = { ...dotenv(), ...process.env } as Record<string, string | undefined>;

function assertLocal(base: string): void {
  const host = new URL(base).hostname;
  if (!['localhost', '127.0.0.1'].includes(host) && !host.endsWith('.localhost')) {
    throw new Error(`replay base must be local, got ${host}`);
  }
}

function signature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params).sort().reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

function loadFixtures(only: string[]): Array<[string, Fixture]> {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.json'))
    .filter((f) => !only.length || only.includes(path.basename(f, '.json')))
    .sort()
    .map((f) => [f, JSON.parse(readFileSync(path.join(FIXTURES, f), 'utf8')) as Fixture]);
}

async function post(url: string, params: Record<string, string>, sig: string): Promise<[number, string]> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': sig,
          'user-agent': 'TwilioProxy/1.1',
        },
        body: new URLSearchParams(params).toString(),
      });
      return [res.status, (await res.text()).slice(0, 200)];
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
    }
  }
  throw lastError;
}

async function fetchRecent(limit: number): Promise<number> {
  const sid = env.TWILIO_TEST_ACCOUNT_SID;
  const token = env.TWILIO_AUTH_TOKEN;
  if (!sid || !token) throw new Error('TWILIO_TEST_ACCOUNT_SID and TWILIO_AUTH_TOKEN required for --fetch');
  const auth = Buffer.from(`${sid}:${token}`).toString('base64');
  const url = `https://api.twilio.com/2010-04-01/Accounts/${sid}/Messages.json?PageSize=${limit}`;
  const res = await fetch(url, { headers: { Authorization: `Basic ${auth}` } });
  if (!res.ok) throw new Error(`twilio API ${res.status}`);
  const body = (await res.json()) as { messages: Array<Record<string, string>> };
  mkdirSync(FIXTURES, { recursive: true });
  let written = 0;
  for (const msg of body.messages.filter((m) => m.direction === 'inbound')) {
    const fixture: Fixture = {
      path: '/sms/inbound',
      params: {
        AccountSid: sid,
        MessageSid: msg.sid,
        From: '+15005550006',
        To: msg.to,
        Body: msg.body,
        NumMedia: msg.num_media ?? '0',
      },
    };
    writeFileSync(path.join(FIXTURES, `inbound-${msg.sid}.json`), JSON.stringify(fixture, null, 2));
    written += 1;
  }
  return written;
}

async function replay(only: string[]): Promise<Result[]> {
  const token = env.TWILIO_AUTH_TOKEN;
  if (!token) throw new Error('TWILIO_AUTH_TOKEN missing (.env)');
  const results: Result[] = [];
  for (const [name, fixture] of loadFixtures(only)) {
    const url = `${BASE}${fixture.path}`;
    const sig = signature(token, url, fixture.params);
    const [status, body] = await post(url, fixture.params, sig);
    const ok = status >= 200 && status < 300;
    results.push({ fixture: name, status, ok, body });
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${status} ${name}`);
  }
  return results;
}

function lintFixtures(): string[] {
  // real Twilio payloads always carry these; hand-written fixtures often do not
  const required = ['AccountSid', 'MessageSid', 'From', 'To'];
  const problems: string[] = [];
  for (const [name, fixture] of loadFixtures([])) {
    if (!fixture.path.startsWith('/')) problems.push(`${name}: path must start with /`);
    for (const key of required) {
      if (!(key in fixture.params)) problems.push(`${name}: missing ${key}`);
    }
    const from = fixture.params.From ?? '';
    if (from && !/^\+1500555\d{4}$/.test(from)) {
      problems.push(`${name}: From ${from} is not a Twilio magic test number`);
    }
  }
  return problems;
}

async function checkServer(): Promise<void> {
  try {
    const res = await fetch(`${BASE}/healthz`, { signal: AbortSignal.timeout(2000) });
    if (!res.ok) throw new Error(String(res.status));
  } catch (err) {
    throw new Error(`local server not reachable at ${BASE}: ${(err as Error).message}`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  assertLocal(BASE);
  if (args[0] === '--lint') {
    const problems = lintFixtures();
    for (const p of problems) console.log(p);
    process.exitCode = problems.length ? 1 : 0;
    return;
  }
  const fetchIdx = args.indexOf('--fetch');
  if (fetchIdx >= 0) {
    const limit = Number(args[fetchIdx + 1] ?? 20);
    console.log(`${await fetchRecent(limit)} fixtures written`);
    return;
  }
  await checkServer();
  const results = await replay(args);
  const failed = results.filter((r) => !r.ok);
  mkdirSync(path.join(ROOT, 'build'), { recursive: true });
  writeFileSync(path.join(ROOT, 'build', 'twilio-replay.json'), JSON.stringify(results, null, 2));
  console.log(`${results.length - failed.length}/${results.length} accepted`);
  if (failed.length) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
