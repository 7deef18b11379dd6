#!/usr/bin/env node
// lk-dev.js - mint LiveKit access tokens for local development and inspect
// the rooms on the dev server.
//
//   node tools/lk-dev.js token --room standup --identity alice
//   node tools/lk-dev.js rooms
//   node tools/lk-dev.js participants --room standup
//   node tools/lk-dev.js cleanup --room e2e-1 --apply   # delete a test room
//
// The API key/secret come from the project's .env (LIVEKIT_API_KEY,
// LIVEKIT_API_SECRET) and the server URL from LIVEKIT_URL, which must be
// the local dev server (localhost / 127.0.0.1 / *.internal).  Tokens are
// signed locally with HMAC-SHA256; the secret never leaves this process.

'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const TEST_ROOM = /^(e2e|test|load)-[a-z0-9-]+$/;

function loadEnv() {
  const file = path.join(ROOT, '.env');
  const env = {};
  if (fs.existsSync(file)) {
    for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
      const line = raw.trim();
      if (!line || line.startsWith('#')) continue;
      const eq = line.indexOf('=');
      if (eq > 0) env[line.slice(0, eq).trim()] = line.slice(eq + 1).trim().replace(/^"|"$/g, '');
    }
  }
  return { ...env, ...process.env };
}

function settings() {
  const env = loadEnv();
  const url = env.LIVEKIT_URL ?? 'ws://localhost:7880';
  const key = env.LIVEKIT_API_KEY ?? 'devkey';
  const secret = env.LIVEKIT_API_SECRET ?? 'secret';
  const host = new URL(url).hostname;
  if (!(host === 'localhost' || host === '127.0.0.1' || host.endsWith('.internal'))) {
    throw new Error(`LIVEKIT_URL ${url} is not a dev server; use the dashboard for production`);
  }
  const httpUrl = url.replace(/^ws/, 'http');
  return { url, httpUrl, key, secret };
}

const b64url = (buf) =>
  Buffer.from(buf).toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

function sign(claims, { key, secret }, ttlSeconds = 3600) {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'HS256', typ: 'JWT' };
  const payload = { iss: key, nbf: now - 5, exp: now + ttlSeconds, ...claims };
  const body = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  const sig = crypto.createHmac('sha256', secret).update(body).digest();
  return `${body}.${b64url(sig)}`;
}

function participantToken(cfg, room, identity, opts = {}) {
  return sign(
    {
      sub: identity,
      name: opts.name ?? identity,
      video: {
        room,
        roomJoin: true,
        canPublish: opts.publish !== false,
        canSubscribe: true,
        canPublishData: true,
      },
      metadata: JSON.stringify({ source: 'lk-dev.js' }),
    },
    cfg,
    opts.ttl ?? 6 * 3600,
  );
}

function adminToken(cfg, room) {
  return sign({ video: { roomAdmin: true, roomList: true, roomCreate: true, room } }, cfg, 300);
}

async function twirp(cfg, method, body, room) {
  const res = await fetch(`${cfg.httpUrl}/twirp/livekit.RoomService/${method}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${adminToken(cfg, room)}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body ?? {}),
    signal: AbortSignal.timeout(10000),
  });
  if (!res.ok) {
    throw new Error(`${method}: ${res.status} ${await res.text()}`);
  }
  return res.json();
}

function parseFlags(argv) {
  const flags = { _: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const name = a.slice(2);
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) flags[name] = true;
      else {
        flags[name] = next;
        i += 1;
      }
    } else flags._.push(a);
  }
  return flags;
}

function fmtTime(sec) {
  if (!sec) return '-';
  return new Date(Number(sec) * 1000).toISOString().replace('T', ' ').slice(0, 19);
}

const commands = {
  async token(cfg, flags) {
    if (!flags.room || !flags.identity) throw new Error('token needs --room and --identity');
    const token = participantToken(cfg, flags.room, flags.identity, {
      publish: flags['no-publish'] ? false : true,
      ttl: flags.ttl ? Number(flags.ttl) : undefined,
    });
    console.log(token);
    console.error(`join: ${cfg.url}?token=<above>  (room ${flags.room}, identity ${flags.identity})`);
  },

  async rooms(cfg) {
    const { rooms = [] } = await twirp(cfg, 'ListRooms', {});
    if (!rooms.length) {
      console.log('no rooms');
      return;
    }
    for (const r of rooms) {
      console.log(
        `${r.name.padEnd(24)} participants=${String(r.numParticipants ?? 0).padEnd(3)} ` +
          `publishers=${String(r.numPublishers ?? 0).padEnd(3)} created=${fmtTime(r.creationTime)}`,
      );
    }
  },

  async participants(cfg, flags) {
    if (!flags.room) throw new Error('participants needs --room');
    const { participants = [] } = await twirp(cfg, 'ListParticipants', { room: flags.room }, flags.room);
    for (const p of participants) {
      const tracks = (p.tracks ?? []).map((t) => `${t.type}:${t.source ?? ''}`).join(',');
      console.log(`${p.identity.padEnd(20)} state=${p.state} joined=${fmtTime(p.joinedAt)} tracks=${tracks}`);
    }
    if (!participants.length) console.log('room is empty');
  },

  async cleanup(cfg, flags) {
    const room = flags.room;
    if (!room) throw new Error('cleanup needs --room');
    if (!TEST_ROOM.test(room)) {
      throw new Error(`refusing to delete ${room}: only e2e-*/test-*/load-* rooms are removable`);
    }
    if (!flags.apply) {
      console.log(`would delete room ${room} on ${cfg.url}; add --apply`);
      return;
    }
    await twirp(cfg, 'DeleteRoom', { room }, room);
    console.log(`deleted ${room}`);
  },
};

async function main() {
  const [command = 'rooms', ...rest] = process.argv.slice(2);
  const handler = commands[command];
  if (!handler) {
    console.error(`unknown command ${command}; one of ${Object.keys(commands).join(', ')}`);
    process.exit(2);
  }
  const cfg = settings();
  console.error(`server ${cfg.url}, key ${cfg.key}, secret ${cfg.secret.slice(0, 2)}***`);
  await handler(cfg, parseFlags(rest));
}

main().catch((err) => {
  console.error(`lk-dev: ${err.message}`);
  process.exitCode = 1;
});
