#!/usr/bin/env -S npx tsx
//
// Docs: https://docs.mux.com/api-reference (live streams, assets).
// Needs Node >= 20 for import.meta.dirname; otherwise run from the repo root.
//
// mux-health.ts - health dashboard for the team's Mux live streams.
//
//   npx tsx tools/mux-health.ts                      table of streams, status, last asset
//   npx tsx tools/mux-health.ts --watch 30           refresh every 30 s until Ctrl-C
//   npx tsx tools/mux-health.ts --rotate <id> --apply  rotate one stream key (after an event)
//
// Credentials MUX_TOKEN_ID / MUX_TOKEN_SECRET from .env are sent as Basic auth
// to api.mux.com only.  Stream keys are never printed in full.
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = resolve(import.meta.dirname ?? '.', '..');
const API = 'https://api.mux.com/video/v1';

type StreamStatus = 'active' | 'idle' | 'disabled';

interface LiveStream {
  id: string;
  status: StreamStatus;
  stream_key: string;
  latency_mode?: 'low' | 'reduced' | 'standard';
  reconnect_window: number;
  recent_asset_ids?: string[];
  active_asset_id?: string;
  passthrough?: string;
  created_at: string;
}

interface Asset {
  id: string;
  status: 'preparing' | 'ready' | 'errored';
  duration?: number;
  created_at: string;
}

interface Envelope<T> {
  data: T;
}

class MuxError extends Error {
  constructor(public readonly status: number, message: string) {
    super(message);
  }
}

function loadEnv(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  if (!existsSync(file)) return values;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) values[match[1]] = match[2];
  }
  return values;
}

export function mask(secret: string | undefined): string {
  if (!secret) return '(none)';
  return secret.length <= 8 ? '********' : `${secret.slice(0, 4)}…${secret.slice(-4)}`;
}

class Mux {
  private readonly auth: string;

  constructor(id: string, secret: string) {
    this.auth = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  }

  private async request<T>(method: 'GET' | 'POST', path: string): Promise<T> {
    let delay = 500;
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${API}${path}`, {
        method,
        headers: { Authorization: this.auth, 'Content-Type': 'application/json' },
      });
      if (res.ok) return ((await res.json()) as Envelope<T>).data;
      if ((res.status === 429 || res.status >= 500) && attempt < 4) {
        await sleep(delay);
        delay *= 2;
        continue;
      }
      throw new MuxError(res.status, `${method} ${path} -> ${res.status}`);
    }
  }

  streams(): Promise<LiveStream[]> {
    return this.request<LiveStream[]>('GET', '/live-streams?limit=100');
  }

  asset(id: string): Promise<Asset> {
    return this.request<Asset>('GET', `/assets/${id}`);
  }

  resetKey(id: string): Promise<LiveStream> {
    return this.request<LiveStream>('POST', `/live-streams/${id}/reset-stream-key`);
  }
}

function age(iso: string | number): string {
  const t = typeof iso === 'number' ? iso * 1000 : Date.parse(iso);
  const minutes = Math.round((Date.now() - t) / 60000);
  if (minutes < 60) return `${minutes}m`;
  if (minutes < 1440) return `${Math.round(minutes / 60)}h`;
  return `${Math.round(minutes / 1440)}d`;
}

async function describe(mux: Mux, s: LiveStream): Promise<string[]> {
  const lastAssetId = s.active_asset_id ?? s.recent_asset_ids?.at(-1);
  let last = '-';
  if (lastAssetId) {
    try {
      const a = await mux.asset(lastAssetId);
      last = `${a.status}${a.duration ? ` ${Math.round(a.duration / 60)} min` : ''}, ${age(Number(a.created_at))} ago`;
    } catch (err) {
      last = err instanceof MuxError ? `asset ${err.status}` : 'asset error';
    }
  }
  return [s.id.slice(0, 12), s.passthrough ?? '', s.status, s.latency_mode ?? 'standard', mask(s.stream_key), last];
}

function table(rows: string[][]): string {
  const header = ['stream', 'name', 'status', 'latency', 'key', 'last asset'];
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  return all.map((r) => r.map((c, i) => (c ?? '').padEnd(widths[i])).join('  ')).join('\n');
}

async function once(mux: Mux): Promise<number> {
  const streams = await mux.streams();
  const rows = await Promise.all(streams.map((s) => describe(mux, s)));
  console.clear();
  console.log(`${new Date().toISOString()}  ${streams.length} live streams\n`);
  console.log(table(rows));
  return streams.filter((s) => s.status === 'active').length;
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const env = { ...loadEnv(join(ROOT, '.env')), ...process.env } as Record<string, string | undefined>;
  const id = env.MUX_TOKEN_ID;
  const secret = env.MUX_TOKEN_SECRET;
  if (!id || !secret) throw new Error('MUX_TOKEN_ID / MUX_TOKEN_SECRET missing (.env)');
  const mux = new Mux(id, secret);

  const rotate = argValue(args, '--rotate');
  if (rotate) {
    if (!args.includes('--apply')) {
      console.log(`would reset the stream key of ${rotate}; add --apply (encoders must be updated afterwards)`);
      return;
    }
    const s = await mux.resetKey(rotate);
    console.log(`new key for ${s.id}: ${mask(s.stream_key)} (full key in the Mux dashboard)`);
    return;
  }

  const watch = Number(argValue(args, '--watch') ?? 0);
  let stop = false;
  process.on('SIGINT', () => {
    stop = true;
  });
  do {
    const active = await once(mux);
    if (!watch) break;
    console.log(`\n${active} active; refreshing in ${watch}s (Ctrl-C to stop)`);
    for (let i = 0; i < watch && !stop; i++) await sleep(1000);
  } while (!stop);
}

main().catch((err: unknown) => {
  console.error(`mux-health: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
