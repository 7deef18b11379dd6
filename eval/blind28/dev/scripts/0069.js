#!/usr/bin/env node
//
// Extra report sections:
//   --json         write build/synapse/rooms-<date>.json (room id, name, size)
//   --tokens       list used or expired registration tokens (masked)
//   --federation   list federation destinations that are currently failing
//
// Admin API docs: Synapse manual, usage/administration/admin_api
// (rooms, users, statistics, registration_tokens, federation).
// The dev Synapse is reset nightly by CI; this tool exists for the hours in
// between, when integration runs leave rooms behind and the database grows.
//
// synapse-report.js - size report for the dev Synapse (localhost:8008) plus
// cleanup of rooms created by the integration tests.
//
//   node tools/synapse-report.js                       rooms by size, users, media per user
//   node tools/synapse-report.js --cleanup-test-rooms  list rooms named "it-*" older than 1 day
//   node tools/synapse-report.js --cleanup-test-rooms --apply   delete those rooms (dev server only)
//
// Admin token: SYNAPSE_ADMIN_TOKEN in .env.  It is only sent to SYNAPSE_URL,
// which must be localhost or *.internal.  Deletion uses the documented admin API
// DELETE /_synapse/admin/v2/rooms/<id> with purge, restricted to rooms whose
// name starts with "it-" (created by tests/integration) and --apply.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEST_ROOM_PREFIX = 'it-';

function readEnv() {
  const out = {};
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const m = line.match(/^\s*([A-Z_]+)\s*=\s*(.*?)\s*$/);
      if (m) out[m[1]] = m[2];
    }
  }
  return { ...out, ...process.env };
}

function masked(token) {
  return token ? `${token.slice(0, 6)}…(${token.length})` : '(missing)';
}

function client(env) {
  const base = new URL(env.SYNAPSE_URL || 'http://localhost:8008');
  if (!(base.hostname === 'localhost' || base.hostname === '127.0.0.1' || base.hostname.endsWith('.internal'))) {
    throw new Error(`SYNAPSE_URL ${base.hostname} is not a dev server`);
  }
  const token = env.SYNAPSE_ADMIN_TOKEN;
  if (!token) throw new Error('SYNAPSE_ADMIN_TOKEN missing in .env');
  const call = async (method, p, body) => {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(new URL(p, base), {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (res.status === 429 && attempt < 5) {
        const data = await res.json().catch(() => ({}));
        await new Promise((r) => setTimeout(r, data.retry_after_ms || 1000 * attempt));
        continue;
      }
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
      return res.json();
    }
  };
  return { base, token, call };
}

async function* paged(api, p, key, extra = '') {
  let from = 0;
  for (;;) {
    const data = await api.call('GET', `${p}?limit=100&from=${from}${extra}`);
    yield* data[key];
    if (data.next_batch === undefined && data.next_token === undefined) return;
    from = data.next_batch ?? data.next_token;
  }
}

function human(bytes) {
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let i = 0;
  while (bytes >= 1024 && i < units.length - 1) {
    bytes /= 1024;
    i++;
  }
  return `${bytes.toFixed(1)} ${units[i]}`;
}

async function report(api) {
  const version = await api.call('GET', '/_synapse/admin/v1/server_version');
  console.log(`Synapse ${version.server_version} at ${api.base.origin}, token ${masked(api.token)}`);
  const rooms = [];
  for await (const room of paged(api, '/_synapse/admin/v1/rooms', 'rooms', '&order_by=state_events')) rooms.push(room);
  console.log(`\n${rooms.length} rooms; largest by state events:`);
  for (const r of rooms.slice(0, 15)) {
    console.log(`  ${String(r.state_events).padStart(7)}  ${String(r.joined_members).padStart(5)} members  ${r.name || r.canonical_alias || r.room_id}`);
  }
  let users = 0;
  for await (const _ of paged(api, '/_synapse/admin/v2/users', 'users', '&guests=false')) users++;
  console.log(`\n${users} users`);
  const media = await api.call('GET', '/_synapse/admin/v1/statistics/users/media?limit=10&order_by=media_length&dir=b');
  console.log('top media uploaders:');
  for (const u of media.users) console.log(`  ${human(u.media_length).padStart(10)}  ${u.media_count} files  ${u.user_id}`);
  return rooms;
}

async function cleanupTestRooms(api, rooms, apply) {
  const dayAgo = Date.now() - 86400000;
  const candidates = [];
  for (const r of rooms) {
    if (!(r.name || '').startsWith(TEST_ROOM_PREFIX)) continue;
    const state = await api.call('GET', `/_synapse/admin/v1/rooms/${encodeURIComponent(r.room_id)}/state`);
    const create = state.state.find((e) => e.type === 'm.room.create');
    if (create && create.origin_server_ts < dayAgo) candidates.push(r);
  }
  console.log(`\n${candidates.length} integration-test rooms older than a day`);
  for (const r of candidates) {
    if (!apply) {
      console.log(`  would delete ${r.name} (${r.room_id})`);
      continue;
    }
    await api.call('DELETE', `/_synapse/admin/v2/rooms/${encodeURIComponent(r.room_id)}`, { purge: true, block: false });
    console.log(`  deleted ${r.name} (${r.room_id})`);
  }
  if (!apply && candidates.length) console.log('dry run; add --apply to delete them');
}

async function registrationTokens(api) {
  // integration tests create single-use registration tokens; list the stale ones
  const data = await api.call('GET', '/_synapse/admin/v1/registration_tokens?valid=false');
  const tokens = data.registration_tokens || [];
  console.log(`\n${tokens.length} used/expired registration tokens`);
  for (const t of tokens.slice(0, 10)) {
    const expiry = t.expiry_time ? new Date(t.expiry_time).toISOString().slice(0, 10) : 'never';
    console.log(`  ${masked(t.token)}  uses ${t.completed}/${t.uses_allowed ?? '∞'}  expires ${expiry}`);
  }
  return tokens;
}

async function federationHealth(api) {
  const data = await api.call('GET', '/_synapse/admin/v1/federation/destinations?limit=100&order_by=failure_ts&dir=b');
  const failing = (data.destinations || []).filter((d) => d.failure_ts);
  console.log(`\n${data.total ?? 0} federation destinations, ${failing.length} currently failing`);
  for (const d of failing.slice(0, 10)) {
    const since = new Date(d.failure_ts).toISOString().replace('T', ' ').slice(0, 16);
    console.log(`  ${d.destination.padEnd(40)} failing since ${since}, retry in ${Math.round((d.retry_interval || 0) / 60000)} min`);
  }
}

function writeJson(rooms) {
  const dir = path.join(ROOT, 'build', 'synapse');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `rooms-${new Date().toISOString().slice(0, 10)}.json`);
  const slim = rooms.map((r) => ({
    room_id: r.room_id,
    name: r.name,
    joined_members: r.joined_members,
    state_events: r.state_events,
    version: r.version,
  }));
  fs.writeFileSync(file, JSON.stringify(slim, null, 2));
  console.log(`\nroom list written to ${path.relative(ROOT, file)}`);
}

async function main() {
  const args = new Set(process.argv.slice(2));
  const api = client(readEnv());
  const rooms = await report(api);
  if (args.has('--json')) writeJson(rooms);
  if (args.has('--tokens')) await registrationTokens(api);
  if (args.has('--federation')) await federationHealth(api);
  if (args.has('--cleanup-test-rooms')) await cleanupTestRooms(api, rooms, args.has('--apply'));
}

main().catch((err) => {
  console.error(`synapse-report: ${err.message}`);
  process.exit(1);
});
