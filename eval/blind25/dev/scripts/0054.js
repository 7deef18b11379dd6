#!/usr/bin/env node
// bot/interactions.js - Discord interactions endpoint for the lab-booking bot.
//
// Discord POSTs slash-command interactions to a public URL; in production
// that is the reverse proxy at bots.internal which forwards to this process
// on 127.0.0.1:8787. Requests are verified with the application's Ed25519
// public key (DISCORD_PUBLIC_KEY) before anything else happens.
//
// Commands:
//   /book instrument:<name> date:<YYYY-MM-DD> slot:<am|pm>
//   /bookings [date]
//   /cancel id:<booking id>        (only your own bookings)
//
// Bookings are kept in data/bookings.json (the repo's data dir).
'use strict';

const http = require('node:http');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DB = path.join(ROOT, 'data', 'bookings.json');
const HOST = '127.0.0.1';
const PORT = Number(process.env.PORT || 8787);
const INSTRUMENTS = ['confocal', 'flow-cytometer', 'qpcr', 'plate-reader'];
const MAX_BODY = 64 * 1024;

function env(name) {
  const v = process.env[name];
  if (!v) {
    console.error(`${name} not set`);
    process.exit(2);
  }
  return v;
}

const PUBLIC_KEY = crypto.createPublicKey({
  key: Buffer.concat([
    // DER prefix for an Ed25519 SubjectPublicKeyInfo
    Buffer.from('302a300506032b6570032100', 'hex'),
    Buffer.from(env('DISCORD_PUBLIC_KEY'), 'hex'),
  ]),
  format: 'der',
  type: 'spki',
});

function verify(req, body) {
  const sig = req.headers['x-signature-ed25519'];
  const ts = req.headers['x-signature-timestamp'];
  if (!sig || !ts) return false;
  try {
    return crypto.verify(null, Buffer.from(ts + body), PUBLIC_KEY, Buffer.from(sig, 'hex'));
  } catch {
    return false;
  }
}

function loadDb() {
  try {
    return JSON.parse(fs.readFileSync(DB, 'utf8'));
  } catch (err) {
    if (err.code === 'ENOENT') return { next: 1, bookings: [] };
    throw err;
  }
}

function saveDb(db) {
  fs.mkdirSync(path.dirname(DB), { recursive: true });
  const tmp = `${DB}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(db, null, 2));
  fs.renameSync(tmp, DB);
}

function option(interaction, name) {
  const opts = (interaction.data && interaction.data.options) || [];
  const found = opts.find((o) => o.name === name);
  return found ? found.value : undefined;
}

function reply(content, ephemeral = true) {
  return { type: 4, data: { content, flags: ephemeral ? 64 : 0 } };
}

const handlers = {
  book(interaction, user) {
    const instrument = option(interaction, 'instrument');
    const date = option(interaction, 'date');
    const slot = option(interaction, 'slot');
    if (!INSTRUMENTS.includes(instrument)) return reply(`unknown instrument ${instrument}`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date || '')) return reply('date must be YYYY-MM-DD');
    if (!['am', 'pm'].includes(slot)) return reply('slot must be am or pm');
    const db = loadDb();
    const clash = db.bookings.find((b) => b.instrument === instrument && b.date === date && b.slot === slot);
    if (clash) return reply(`${instrument} is already booked by <@${clash.user}> for ${date} ${slot}`);
    const booking = { id: db.next, instrument, date, slot, user: user.id, created: new Date().toISOString() };
    db.next += 1;
    db.bookings.push(booking);
    saveDb(db);
    return reply(`booked #${booking.id}: ${instrument} on ${date} (${slot})`, false);
  },

  bookings(interaction) {
    const date = option(interaction, 'date') || new Date().toISOString().slice(0, 10);
    const rows = loadDb()
      .bookings.filter((b) => b.date === date)
      .sort((a, b) => a.instrument.localeCompare(b.instrument) || a.slot.localeCompare(b.slot))
      .map((b) => `#${b.id} ${b.instrument} ${b.slot} <@${b.user}>`);
    return reply(rows.length ? `Bookings for ${date}:\n${rows.join('\n')}` : `no bookings for ${date}`);
  },

  instruments() {
    const db = loadDb();
    const today = new Date().toISOString().slice(0, 10);
    const lines = INSTRUMENTS.map((name) => {
      const n = db.bookings.filter((b) => b.instrument === name && b.date >= today).length;
      return `${name}: ${n} upcoming booking(s)`;
    });
    return reply(lines.join('\n'));
  },

  cancel(interaction, user) {
    const id = Number(option(interaction, 'id'));
    const db = loadDb();
    const idx = db.bookings.findIndex((b) => b.id === id);
    if (idx < 0) return reply(`no booking #${id}`);
    if (db.bookings[idx].user !== user.id) return reply('you can only cancel your own bookings');
    db.bookings.splice(idx, 1);
    saveDb(db);
    return reply(`cancelled #${id}`);
  },
};

function send(res, status, payload) {
  const body = JSON.stringify(payload);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/healthz') return send(res, 200, { ok: true });
  if (req.method !== 'POST' || req.url !== '/interactions') return send(res, 404, { error: 'not found' });
  let body = '';
  let tooBig = false;
  req.setEncoding('utf8');
  req.on('data', (chunk) => {
    body += chunk;
    if (body.length > MAX_BODY) {
      tooBig = true;
      req.destroy();
    }
  });
  req.on('end', () => {
    if (tooBig) return undefined;
    if (!verify(req, body)) return send(res, 401, { error: 'bad signature' });
    let interaction;
    try {
      interaction = JSON.parse(body);
    } catch {
      return send(res, 400, { error: 'bad json' });
    }
    if (interaction.type === 1) return send(res, 200, { type: 1 }); // PING
    const user = (interaction.member && interaction.member.user) || interaction.user || {};
    const handler = handlers[interaction.data && interaction.data.name];
    if (!handler) return send(res, 200, reply('unknown command'));
    try {
      return send(res, 200, handler(interaction, user));
    } catch (err) {
      console.error('handler failed', err);
      return send(res, 200, reply('something went wrong; try again'));
    }
  });
  return undefined;
});

function shutdown(signal) {
  console.log(`${signal}: closing server`);
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(1), 5000).unref();
}

process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

server.listen(PORT, HOST, () => {
  console.log(`interactions endpoint on http://${HOST}:${PORT}/interactions`);
});
