// bot/telegram-webhook.ts - Telegram webhook receiver for the greenhouse alerts bot.
//
// Listens on 127.0.0.1 only; the home server's reverse proxy (proxy.internal)
// terminates TLS and forwards /tg/<secret-path> here. Telegram includes the
// X-Telegram-Bot-Api-Secret-Token header we configured with setWebhook; any
// request without it is rejected.
//
//   tsx bot/telegram-webhook.ts serve
//   tsx bot/telegram-webhook.ts set-webhook https://greenhouse.proxy.internal/tg/hook
//   tsx bot/telegram-webhook.ts delete-webhook
//
// TELEGRAM_BOT_TOKEN / TELEGRAM_WEBHOOK_SECRET / ALLOWED_CHAT_IDS from .env.
// The bot token is only ever sent to api.telegram.org (it is part of the
// Bot API URL by design); log lines pass through redact().

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync, existsSync, appendFileSync, mkdirSync } from 'node:fs';
import { timingSafeEqual } from 'node:crypto';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
// loopback only; the reverse proxy is the only thing that can reach us
const PORT = Number(process.env.PORT ?? 8444);
const SENSOR_LOG = path.join(ROOT, 'data', 'sensors.jsonl');
const AUDIT = path.join(ROOT, 'logs', 'bot-audit.log');

interface Update {
  update_id: number;
  message?: { message_id: number; chat: { id: number }; from?: { username?: string }; text?: string };
}

interface Reading {
  ts: string;
  temp_c: number;
  humidity: number;
  soil: number;
}

type Handler = (chatId: number, args: string[]) => Promise<string>;

function env(): Record<string, string> {
  const out: Record<string, string> = {};
  const file = path.join(ROOT, '.env');
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const i = line.indexOf('=');
      if (i > 0 && !line.startsWith('#')) out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  return { ...out, ...(process.env as Record<string, string>) };
}

const ENV = env();
const TOKEN = ENV.TELEGRAM_BOT_TOKEN ?? '';
const SECRET = ENV.TELEGRAM_WEBHOOK_SECRET ?? '';
const ALLOWED = new Set((ENV.ALLOWED_CHAT_IDS ?? '').split(',').filter(Boolean).map(Number));

function redact(s: string): string {
  return TOKEN ? s.split(TOKEN).join('<token>') : s;
}

function audit(line: string): void {
  mkdirSync(path.dirname(AUDIT), { recursive: true });
  appendFileSync(AUDIT, `${new Date().toISOString()} ${redact(line)}\n`);
}

async function tg<T>(method: string, payload: Record<string, unknown>): Promise<T> {
  const res = await fetch(`https://api.telegram.org/bot${TOKEN}/${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(15_000),
  });
  const data = (await res.json()) as { ok: boolean; result: T; description?: string };
  if (!data.ok) throw new Error(redact(`${method}: ${data.description ?? res.status}`));
  return data.result;
}

function lastReadings(n: number): Reading[] {
  if (!existsSync(SENSOR_LOG)) return [];
  const lines = readFileSync(SENSOR_LOG, 'utf8').trim().split('\n');
  return lines.slice(-n).map((l) => JSON.parse(l) as Reading);
}

const handlers: Record<string, Handler> = {
  async '/now'() {
    const [r] = lastReadings(1);
    return r ? `${r.ts}: ${r.temp_c.toFixed(1)} °C, ${r.humidity}% RH, soil ${r.soil}` : 'no readings yet';
  },
  async '/day'() {
    const rs = lastReadings(288);
    if (!rs.length) return 'no readings yet';
    const temps = rs.map((r) => r.temp_c);
    return `24h: min ${Math.min(...temps).toFixed(1)} °C, max ${Math.max(...temps).toFixed(1)} °C over ${rs.length} readings`;
  },
  async '/soil'() {
    const rs = lastReadings(12);
    if (!rs.length) return 'no readings yet';
    const avg = rs.reduce((s, r) => s + r.soil, 0) / rs.length;
    const hint = avg < 300 ? ' - water the beds' : '';
    return `soil moisture (last hour avg): ${avg.toFixed(0)}${hint}`;
  },
  async '/help'() {
    return 'commands: /now, /day, /soil, /help';
  },
};

function secretOk(req: IncomingMessage): boolean {
  const got = Buffer.from(String(req.headers['x-telegram-bot-api-secret-token'] ?? ''));
  const want = Buffer.from(SECRET);
  return got.length === want.length && want.length > 0 && timingSafeEqual(got, want);
}

async function readBody(req: IncomingMessage, limit = 256 * 1024): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function onUpdate(u: Update): Promise<void> {
  const msg = u.message;
  if (!msg?.text) return;
  if (!ALLOWED.has(msg.chat.id)) {
    audit(`ignored chat ${msg.chat.id} (${msg.from?.username ?? '?'})`);
    return;
  }
  const [cmd, ...args] = msg.text.trim().split(/\s+/);
  const handler = handlers[cmd.split('@')[0]];
  const text = handler ? await handler(msg.chat.id, args) : 'unknown command, try /help';
  await tg('sendMessage', { chat_id: msg.chat.id, text, reply_to_message_id: msg.message_id });
}

function serve(): void {
  if (!TOKEN || !SECRET) throw new Error('TELEGRAM_BOT_TOKEN and TELEGRAM_WEBHOOK_SECRET are required');
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/tg/') || !secretOk(req)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const update = JSON.parse(await readBody(req)) as Update;
      res.writeHead(200).end();
      await onUpdate(update);
    } catch (err) {
      audit(`error: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) res.writeHead(400).end();
    }
  });
  server.listen(PORT, '127.0.0.1', () => console.log(`webhook receiver on 127.0.0.1:${PORT}`));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function main(): Promise<void> {
  const [cmd = 'serve', url] = process.argv.slice(2);
  if (cmd === 'serve') return serve();
  if (cmd === 'set-webhook') {
    if (!url || !new URL(url).hostname.endsWith('.internal')) throw new Error('webhook URL must be on our proxy (*.internal)');
    await tg('setWebhook', { url, secret_token: SECRET, allowed_updates: ['message'], drop_pending_updates: true });
    console.log('webhook set');
    return;
  }
  if (cmd === 'delete-webhook') {
    await tg('deleteWebhook', { drop_pending_updates: false });
    console.log('webhook deleted');
    return;
  }
  throw new Error(`unknown command ${cmd}`);
}

main().catch((err: unknown) => {
  console.error(redact(err instanceof Error ? err.message : String(err)));
  process.exit(1);
});
