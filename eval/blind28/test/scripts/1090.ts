#!/usr/bin/env -S npx tsx
// Requires tsx and Node >= 20.
//
//
// config/spam-patterns.txt: one case-insensitive regular expression per line,
// comments with '#'.  Example:
//   free\s+crypto
//   t\.me/[a-z0-9_]+
//
// Exit status: 0 ok (including dry runs), 1 on errors.
// Owner: matrix bridge team.
//
// spam-sweep.ts - find and redact spam in the integration-test rooms of the dev Synapse.
//
//   npx tsx tools/spam-sweep.ts                       scan rooms whose alias starts with #it-
//   npx tsx tools/spam-sweep.ts --apply               redact the matching events
//   npx tsx tools/spam-sweep.ts --room '#it-bridge:matrix.test.internal'
//
// The integration tests replay real-world spam samples into test rooms; after a
// run those rooms are full of junk that slows the next run.  This tool pages
// through /messages of each test room, matches bodies against
// config/spam-patterns.txt, and redacts hits as the bot account.  It refuses
// rooms without the #it- alias prefix and homeservers other than the dev one.
// Token: MATRIX_BOT_TOKEN (a normal user token of the bot, not an admin token).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const PATTERN_FILE = join(REPO, 'config', 'spam-patterns.txt');

interface Event {
  event_id: string;
  type: string;
  sender: string;
  origin_server_ts: number;
  content: { body?: string; msgtype?: string };
}

interface Hit {
  room: string;
  event: Event;
  pattern: string;
}

function env(): Record<string, string> {
  const out: Record<string, string> = {};
  const file = join(REPO, '.env');
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split(/\n/)) {
      const i = line.indexOf('=');
      if (i > 0) out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  return Object.assign(out, process.env as Record<string, string>);
}

function patterns(): RegExp[] {
  if (!existsSync(PATTERN_FILE)) throw new Error('config/spam-patterns.txt missing');
  return readFileSync(PATTERN_FILE, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => new RegExp(l, 'i'));
}

class Matrix {
  constructor(private readonly base: string, private readonly token: string, readonly label = 'dev') {
    const host = new URL(base).hostname;
    if (host !== 'localhost' && host !== '127.0.0.1' && !host.endsWith('.test.internal')) {
      throw new Error(`homeserver ${host} is not the dev server`);
    }
  }

  async call<T>(method: string, path: string, body?: object): Promise<T> {
    for (let attempt = 1; attempt < 6; attempt++) {
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${this.token}` },
        body: body != null ? JSON.stringify(body) : undefined,
      });
      if (res.status === 429) {
        const data = (await res.json().catch(() => ({}))) as { retry_after_ms?: number };
        await new Promise((r) => setTimeout(r, data.retry_after_ms ?? 1000 * attempt));
        continue;
      }
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
      return (await res.json()) as T;
    }
    throw new Error(`${method} ${path}: rate limited`);
  }

  async joinedRooms(): Promise<string[]> {
    return (await this.call<{ joined_rooms: string[] }>('GET', '/_matrix/client/v3/joined_rooms')).joined_rooms;
  }

  async alias(room: string): Promise<string> {
    try {
      const s = await this.call<{ alias?: string }>('GET', `/_matrix/client/v3/rooms/${encodeURIComponent(room)}/state/m.room.canonical_alias`);
      return s.alias ?? '';
    } catch {
      return '';
    }
  }

  async resolve(alias: string): Promise<string> {
    return (await this.call<{ room_id: string }>('GET', `/_matrix/client/v3/directory/room/${encodeURIComponent(alias)}`)).room_id;
  }

  async *messages(room: string, limit = 2000): AsyncGenerator<Event> {
    let from: string | undefined;
    let seen = 0;
    while (seen < limit) {
      const q = new URLSearchParams({ dir: 'b', limit: '100', filter: JSON.stringify({ types: ['m.room.message'] }) });
      if (from) q.set('from', from);
      const page = await this.call<{ chunk: Event[]; end?: string }>('GET', `/_matrix/client/v3/rooms/${encodeURIComponent(room)}/messages?${q}`);
      for (const e of page.chunk) {
        seen++;
        yield e;
      }
      if (!page.end || !page.chunk.length) return;
      from = page.end;
    }
  }

  redact(room: string, eventId: string): Promise<unknown> {
    return this.call('PUT', `/_matrix/client/v3/rooms/${encodeURIComponent(room)}/redact/${encodeURIComponent(eventId)}/${randomUUID()}`, {
      reason: 'spam sample cleanup (integration tests)',
    });
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const apply = args.includes('--apply');
  const ri = args.indexOf('--room');
  const e = env();
  if (!e.MATRIX_BOT_TOKEN) throw new Error('MATRIX_BOT_TOKEN missing in .env');
  const mx = new Matrix(e.SYNAPSE_URL ?? 'http://localhost:8008', e.MATRIX_BOT_TOKEN);
  const rules = patterns();

  let rooms: { id: string; alias: string }[] = [];
  if (ri >= 0) {
    const alias = args[ri + 1];
    rooms = [{ id: await mx.resolve(alias), alias }];
  } else {
    for (const id of await mx.joinedRooms()) rooms.push({ id, alias: await mx.alias(id) });
  }
  const testRooms = rooms.filter((r) => r.alias.startsWith('#it-'));
  const skipped = rooms.length - testRooms.length;
  if (skipped) console.log(`skipping ${skipped} room(s) without an #it- alias`);

  const hits: Hit[] = [];
  for (const room of testRooms) {
    for await (const ev of mx.messages(room.id)) {
      const body = ev.content.body ?? '';
      const rule = rules.find((re) => re.test(body));
      if (rule) hits.push({ room: room.alias, event: ev, pattern: rule.source });
    }
  }
  const byRoom = new Map<string, number>();
  for (const h of hits) byRoom.set(h.room, (byRoom.get(h.room) ?? 0) + 1);
  for (const [room, n] of byRoom) console.log(`${room.padEnd(40)} ${n} spam event(s)`);
  if (!apply) {
    console.log(`${hits.length} event(s) would be redacted; add --apply`);
    return;
  }
  let done = 0;
  for (const h of hits) {
    const room = testRooms.find((r) => r.alias === h.room)!;
    await mx.redact(room.id, h.event.event_id);
    done++;
  }
  console.log(`redacted ${done} event(s)`);
}

main().catch((err: unknown) => {
  console.error(`spam-sweep: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
